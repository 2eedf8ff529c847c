# label: ok
# flax-error: none
# class: 1 MassBalanceModel.__call__ runs the while_loop itself; the step count rides in the loop state and StepCounterMixin.commit writes it after the loop
"""Glacier mass-balance integrator: steps melt until the snowpack is gone, counting solver steps."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class StepCounterMixin:
    """Adds a solver-step counter to any module that calls setup_counter() in setup."""

    def setup_counter(self):
        self.steps = self.variable("counters", "steps", lambda: jnp.zeros((), jnp.int32))

    def tick(self, count):
        return count + 1

    def commit(self, count):
        self.steps.value = count


class MassBalanceModel(StepCounterMixin, nn.Module):
    max_steps: int = 20
    dt: float = 0.25

    def setup(self):
        self.setup_counter()
        self.melt_head = nn.Dense(1)

    def __call__(self, climate, snowpack):
        melt_rate = jax.nn.softplus(self.melt_head(climate))[..., 0] + 0.1

        def cond(state):
            i, count, snow = state
            return (i < self.max_steps) & (snow.max() > 0.0)

        def body(state):
            i, count, snow = state
            return i + 1, self.tick(count), jnp.maximum(snow - self.dt * melt_rate, 0.0)

        _, count, remaining = while_loop(cond, body, (0, self.steps.value, snowpack))
        self.commit(count)
        return remaining


def main():
    climate = jax.random.normal(jax.random.key(0), (5, 4))
    snowpack = jnp.linspace(0.5, 2.0, 5)
    model = MassBalanceModel()
    variables = model.init(jax.random.key(1), climate, snowpack)
    remaining, state = model.apply(variables, climate, snowpack, mutable=["counters"])
    int(state["counters"]["steps"])
    return None
