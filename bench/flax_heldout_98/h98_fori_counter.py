# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "num_steps" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 Linen method runs jax.lax.fori_loop and the body increments a self.variable step counter
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class Integrator(nn.Module):
    """Euler integrator that counts how many steps it has taken (for logging)."""
    dt: float = 0.1

    def setup(self):
        self.field = nn.Dense(3)
        self.num_steps = self.variable("counters", "num_steps", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, x):
        return x + self.dt * jnp.tanh(self.field(x))

    def integrate(self, x, n):
        def body(i, x):
            self.num_steps.value += 1
            return self(x)

        return lax.fori_loop(0, n, body, x)


def main():
    model = Integrator()
    x = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), x)
    y = model.apply(variables, x, 10, method=Integrator.integrate)
    y.block_until_ready()
    return None
