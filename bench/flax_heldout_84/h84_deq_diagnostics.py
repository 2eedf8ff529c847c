# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "residual" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 module methods are the while_loop cond/body; the body records the solver residual with self.put_variable
"""Deep equilibrium model with Anderson-free damped fixed-point solver and solver diagnostics."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DampedDEQ(nn.Module):
    width: int = 16
    damping: float = 0.5
    max_iter: int = 40

    def setup(self):
        self.cell = nn.Dense(self.width)
        self.inject = nn.Dense(self.width)

    def g(self, z, x):
        return jnp.tanh(self.cell(z) + self.inject(x))

    def _cond(self, carry):
        _, res, it, _ = carry
        return (res > 1e-5) & (it < self.max_iter)

    def _body(self, carry):
        z, _, it, x = carry
        z_new = (1 - self.damping) * z + self.damping * self.g(z, x)
        res = jnp.max(jnp.abs(z_new - z))
        self.put_variable('diagnostics', 'residual', res)
        return z_new, res, it + 1, x

    def __call__(self, x):
        z0 = self.g(jnp.zeros(x.shape[:-1] + (self.width,)), x)
        z, _, _, _ = lax.while_loop(self._cond, self._body, (z0, jnp.inf, 0, x))
        return z


def main():
    x = jax.random.normal(jax.random.PRNGKey(1), (3, 8))
    model = DampedDEQ()
    variables = model.init(jax.random.PRNGKey(0), x)
    z = model.apply({'params': variables['params']}, x)
    print(z.shape)
    return None
