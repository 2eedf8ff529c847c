# label: ok
# flax-error: none
# class: 4 the nn.Dense submodules are created in the compact __call__ and called once before the raw jax.lax.while_loop
"""Deep-equilibrium layer with jax.lax.while_loop; the layers are created and initialized before the loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DEQBlock(nn.Module):
    features: int = 8
    tol: float = 1e-4
    max_iter: int = 30

    @nn.compact
    def __call__(self, x):
        wz = nn.Dense(self.features, name="wz")
        wx = nn.Dense(self.features, name="wx")
        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        x_proj = wx(x)
        wz(z0)

        def cond(state):
            i, z, err = state
            return (err > self.tol) & (i < self.max_iter)

        def body(state):
            i, z, _ = state
            z_new = jnp.tanh(wz(z) + x_proj)
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        _, z, _ = jax.lax.while_loop(cond, body, (0, z0, jnp.inf))
        return z


def main():
    model = DEQBlock()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x)
    z = model.apply(variables, x)
    z.block_until_ready()
    return None
