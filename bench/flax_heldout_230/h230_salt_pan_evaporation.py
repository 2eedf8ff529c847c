# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "brine_level" in "/" because collection "state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 local pan = model.bind(variables) (no mutable) in the forecasting function; fori_loop body calls pan.advance, which writes the "state" collection
"""Salt pan evaporation: march the brine level forward through a week of weather."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class BrineLevel(nn.Module):
    def setup(self):
        self.evaporation = nn.Dense(1)
        self.level = self.variable("state", "brine_level", lambda: jnp.full((), 30.0))

    def __call__(self, weather):
        return nn.softplus(self.evaporation(weather))[0]

    def advance(self, weather):
        self.level.value = self.level.value - self(weather)
        return self.level.value


def lowest_level(model, variables, weather):
    pan = model.bind(variables)

    def body(day, lowest):
        return jnp.minimum(lowest, pan.advance(weather[day]))

    return jax.lax.fori_loop(0, weather.shape[0], body, jnp.asarray(30.0))


def main():
    model = BrineLevel()
    variables = model.init(jax.random.key(0), jnp.zeros(3))
    weather = jax.random.normal(jax.random.key(1), (7, 3))  # days x (sun hours, wind, humidity)
    lowest_level(model, variables, weather)
