# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a 'stats' variable handle bound to a local before the loop and assigned inside the raw scan body
import jax
import jax.numpy as jnp
import flax.linen as nn


class StreamingNormalizer(nn.Module):
    """Normalizes a stream and keeps a running sum of everything it saw."""

    @nn.compact
    def __call__(self, xs):
        total = self.variable("stats", "total", lambda: jnp.zeros(xs.shape[-1]))
        count = self.variable("stats", "count", lambda: jnp.zeros((), jnp.float32))
        gain = self.param("gain", nn.initializers.ones, (xs.shape[-1],))

        def body(carry, x):
            total.value = total.value + x
            count.value = count.value + 1.0
            mean = total.value / count.value
            return carry, gain * (x - mean)

        _, ys = jax.lax.scan(body, None, xs)
        return ys


def main():
    xs = jnp.arange(12.0).reshape(4, 3)
    model = StreamingNormalizer()
    variables = model.init(jax.random.PRNGKey(0), xs)
    ys, updated = model.apply(
        {"params": variables["params"], "stats": jax.tree.map(jnp.zeros_like, variables["stats"])},
        xs,
        mutable=["stats"],
    )
    new_stats = jax.tree.map(lambda a: a + 0, updated["stats"])
    return None
