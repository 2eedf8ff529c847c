# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 compact-created Dense/param of a diagonal SSM first touched inside a closure run by jax.lax.scan during init
"""Diagonal state-space layer (S4D-style) whose input/output projections are created lazily
inside the recurrence closure, so `init` creates the parameters inside the scan trace."""
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
