# label: ok
# flax-error: none
# class: 2 module method self._iterate is the while_loop body; one application of f before the loop creates the setup() layers' params
"""Deep equilibrium layer solved by naive fixed-point iteration."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class DEQBlock(nn.Module):
    features: int
    max_iter: int = 30
    tol: float = 1e-4

    def setup(self):
        self.w_z = nn.Dense(self.features, use_bias=False)
        self.w_x = nn.Dense(self.features)

    def f(self, z, x):
        return jnp.tanh(self.w_z(z) + self.w_x(x))

    def _iterate(self, state):
        z, _, i, x = state
        z_next = self.f(z, x)
        return z_next, jnp.linalg.norm(z_next - z), i + 1, x

    def _not_converged(self, state):
        _, res, i, _ = state
        return jnp.logical_and(res > self.tol, i < self.max_iter)

    def __call__(self, x):
        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        z1 = self.f(z0, x)  # first step outside the loop (also creates the parameters)
        z, res, n, _ = lax.while_loop(self._not_converged, self._iterate,
                                      (z1, jnp.linalg.norm(z1 - z0), 1, x))
        return z


def main():
    x = jax.random.normal(jax.random.PRNGKey(1), (4, 8))
    model = DEQBlock(features=16)
    variables = model.init(jax.random.PRNGKey(0), x)
    z = model.apply(variables, x)
    print(z.shape)
    return None
