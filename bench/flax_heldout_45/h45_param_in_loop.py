# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 self.param with a data-dependent (ActNorm) initializer first created inside a raw fori_loop body during init
"""Glow-style flow: ActNorm scale initialized from the statistics of the data it sees inside the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ActNormFlow(nn.Module):
    iters: int = 3

    @nn.compact
    def __call__(self, x):
        def body(i, z):
            scale = self.param("scale", lambda rng, shape: 1.0 / (jnp.std(z, axis=0) + 1e-6), (z.shape[-1],))
            return jnp.tanh(z * scale)

        return lax.fori_loop(0, self.iters, body, x)


def main():
    model = ActNormFlow()
    x = jnp.arange(12.0).reshape(4, 3)
    params = model.init(jax.random.PRNGKey(0), x)["params"]

    def loss_fn(p):
        return jnp.sum(model.apply({"params": p}, x) ** 2)

    grads = jax.grad(loss_fn)(params)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    jax.block_until_ready(params)
    return None
