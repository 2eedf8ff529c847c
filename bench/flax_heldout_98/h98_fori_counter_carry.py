# label: ok
# flax-error: none
# class: 1 Linen method runs jax.lax.fori_loop; the counter travels in the loop carry and is written to self.variable once after the loop
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
        def body(i, carry):
            x, count = carry
            return self(x), count + 1

        x, count = lax.fori_loop(0, n, body, (x, self.num_steps.value))
        self.num_steps.value = count
        return x


def main():
    model = Integrator()
    x = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), x)
    y, updates = model.apply(variables, x, 10, method=Integrator.integrate, mutable=["counters"])
    assert int(updates["counters"]["num_steps"]) == 10
    return None
