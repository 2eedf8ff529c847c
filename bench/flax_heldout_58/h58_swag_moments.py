# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 SWAG first/second moment variables assigned inside a raw fori_loop body closure in a module method, applied with mutable=["swag"]
"""SWAG (Maddox et al. 2019): running first and second moments of a flattened weight vector."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class SWAGCollector(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, snapshots):
        mean = self.variable("swag", "mean", jnp.zeros, (self.dim,))
        sq_mean = self.variable("swag", "sq_mean", jnp.zeros, (self.dim,))
        n = self.variable("swag", "n", lambda: jnp.zeros((), jnp.int32))

        def collect(i, _):
            w = snapshots[i]
            k = n.value.astype(jnp.float32)
            mean.value = (k * mean.value + w) / (k + 1.0)
            sq_mean.value = (k * sq_mean.value + w ** 2) / (k + 1.0)
            n.value = n.value + 1
            return _

        lax.fori_loop(0, snapshots.shape[0], collect, 0)
        return mean.value, jnp.maximum(sq_mean.value - mean.value ** 2, 1e-30)


def main():
    snaps = jax.random.normal(jax.random.key(0), (5, 12))
    col = SWAGCollector(dim=12)
    state = col.init(jax.random.key(1), snaps[:1])
    (mu, var), state = col.apply(state, snaps, mutable=["swag"])
    jax.tree.map(lambda a: a * 1.0, state)
    return None
