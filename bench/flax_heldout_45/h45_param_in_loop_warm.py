# label: ok
# flax-error: none
# class: 2 data-dependent self.param created before the raw fori_loop from the input, closed over by the body
"""Glow-style flow, fixed: ActNorm scale initialized from the input batch before the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ActNormFlow(nn.Module):
    iters: int = 3

    @nn.compact
    def __call__(self, x):
        scale = self.param("scale", lambda rng, shape: 1.0 / (jnp.std(x, axis=0) + 1e-6), (x.shape[-1],))

        def body(i, z):
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
