# label: ok
# flax-error: none
# class: 1 compact-created Dense/param of a diagonal SSM warmed up by one call before the closure is run by jax.lax.scan
"""Diagonal state-space layer (S4D-style); the projections are called once on the first input
before the recurrence, so `init` creates every parameter outside the scan trace."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class S4DLayer(nn.Module):
    d_state: int = 8
    d_model: int = 4

    @nn.compact
    def __call__(self, u):  # u: (L, d_model)
        log_dt = self.param("log_dt", nn.initializers.constant(-2.0), (self.d_model,))
        a_re = -0.5 * jnp.ones((self.d_state,))
        dt = jnp.exp(log_dt).mean()
        a_bar = jnp.exp(a_re * dt)
        b_proj = nn.Dense(self.d_state, name="B")
        c_proj = nn.Dense(self.d_model, name="C")
        # warm-up: materialize B and C outside the scan
        c_proj(b_proj(u[0]))

        def step(x, u_t):
            x = a_bar * x + b_proj(u_t)
            return x, c_proj(x)

        _, ys = jax.lax.scan(step, jnp.zeros((self.d_state,)), u)
        return ys


def main():
    layer = S4DLayer()
    u = jnp.ones((6, 4))
    variables = layer.init(jax.random.key(0), u)
    ys = layer.apply(variables, u)
    ys.block_until_ready()
    return None
