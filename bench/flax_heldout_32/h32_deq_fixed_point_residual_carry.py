# label: ok
# flax-error: none
# class: 2 the while_loop body is the bound method self._iterate, which keeps the residual in the loop state; it is sown once after the loop
import jax
import jax.numpy as jnp
from flax import linen as nn

DIM, MAX_ITERS, TOL = 6, 20, 1e-4


class DEQLayer(nn.Module):
    def setup(self):
        self.f_z = nn.Dense(DIM, use_bias=False,
                            kernel_init=nn.initializers.normal(0.1))
        self.f_x = nn.Dense(DIM)

    def f(self, z, x):
        return jnp.tanh(self.f_z(z) + self.f_x(x))

    def _iterate(self, state):
        i, z, _, x = state
        z_next = self.f(z, x)
        res = jnp.linalg.norm(z_next - z) / (jnp.linalg.norm(z_next) + 1e-6)
        return i + 1, z_next, res, x

    def __call__(self, x):
        z0 = self.f(jnp.zeros_like(x), x)
        cond = lambda s: (s[0] < MAX_ITERS) & (s[2] > TOL)
        n_iters, z_star, res, _ = jax.lax.while_loop(cond, self._iterate, (0, z0, jnp.inf, x))
        self.sow("intermediates", "residual", res)
        self.sow("intermediates", "n_iters", n_iters)
        return z_star


def main():
    layer = DEQLayer()
    x = jax.random.normal(jax.random.key(1), (DIM,))
    variables = layer.init(jax.random.key(0), x)
    z_star, state = layer.apply({"params": variables["params"]}, x, mutable=["intermediates"])
    residuals = jnp.stack(state["intermediates"]["residual"])
    print("final residual", residuals[-1])
    return None
