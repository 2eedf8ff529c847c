# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cursor" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 SailingDecoder.__call__ runs the scan itself and advances its own "cache" variable (the departure cursor) inside the body, while the dispatcher applies it without mutable
"""Ferry timetable decoder: roll out the day's departures one sailing slot at a time."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class SailingDecoder(nn.Module):
    slots: int = 8
    features: int = 10

    @nn.compact
    def __call__(self, demand):
        cursor = self.variable("cache", "cursor", lambda: jnp.zeros((), jnp.int32))
        cell = nn.Dense(self.features, name="cell")
        head = nn.Dense(2, name="head")  # (load factor, delay)
        state = cell(demand)

        def sail(state, _):
            cursor.value = cursor.value + 1
            state = jnp.tanh(cell(state))
            return state, head(state)

        _, plan = lax.scan(sail, state, None, length=self.slots)
        return plan


class Dispatcher:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def plan_day(self, demand):
        return self.model.apply(self.variables, demand)


def main():
    demand = jnp.linspace(0.2, 1.0, 10)
    model = SailingDecoder()
    variables = model.init(jax.random.key(7), demand)
    Dispatcher(model, variables).plan_day(demand)
    return None
