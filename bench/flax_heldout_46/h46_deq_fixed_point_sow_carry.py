# label: ok
# flax-error: none
# class: 1 closure body of lax.while_loop in @nn.compact keeps the residual in the carry; self.sow after the loop
"""Deep equilibrium layer: solve z = f(z, x) by damped fixed-point iteration, logging residuals."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DEQLayer(nn.Module):
    width: int = 8
    tol: float = 1e-4
    max_iter: int = 30

    @nn.compact
    def __call__(self, x):
        f_z = nn.Dense(self.width, use_bias=False, name="Wz")
        f_x = nn.Dense(self.width, name="Ux")
        inj = f_x(x)
        f_z(jnp.zeros_like(inj))

        def f(z):
            return jnp.tanh(0.5 * f_z(z) + inj)

        def cond(state):
            z, res, i = state
            return (res > self.tol) & (i < self.max_iter)

        def body(state):
            z, _, i = state
            z_new = f(z)
            res = jnp.linalg.norm(z_new - z)
            return z_new, res, i + 1

        z, res, n = lax.while_loop(cond, body, (jnp.zeros_like(inj), jnp.inf, 0))
        self.sow("intermediates", "residual", res)
        return z


def main():
    model = DEQLayer()
    x = jax.random.normal(jax.random.key(0), (3, 4))
    variables = model.init(jax.random.key(1), x)
    _, state = model.apply(variables, x, mutable=["intermediates"])
    final_residual = state["intermediates"]["residual"][-1]
    jnp.log10(final_residual)
    return None
