# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "salinity" in "/" because collection "brine" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an AppliedModel descriptor on EvaporationPlanner returns partial(owner.model.apply, owner.variables); the fori_loop body calls planner.predict(...), whose module writes the "brine" collection that apply was not told is mutable
"""Salt pan works: day-by-day evaporation planning across a row of crystallising pans."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class EvaporationModel(nn.Module):
    pans: int

    @nn.compact
    def __call__(self, depth, weather):
        salinity = self.variable("brine", "salinity", lambda: jnp.full((self.pans,), 35.0))
        rate = nn.softplus(nn.Dense(self.pans)(jnp.concatenate([depth, weather])))
        new_depth = jnp.maximum(depth - 0.01 * rate, 0.0)
        salinity.value = salinity.value * (depth + 1e-3) / (new_depth + 1e-3)
        return new_depth


class AppliedModel:
    """Descriptor: the owner's model.apply with the owner's variables already bound."""

    def __get__(self, owner, owner_type=None):
        if owner is None:
            return self
        return functools.partial(owner.model.apply, owner.variables)


class EvaporationPlanner:
    predict = AppliedModel()

    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def season(self, depth, forecast):
        def body(day, depth):
            return self.predict(depth, forecast[day])

        return fori_loop(0, forecast.shape[0], body, depth)


def main():
    pans = 5
    model = EvaporationModel(pans)
    depth = jnp.full((pans,), 0.3)
    forecast = jax.random.uniform(jax.random.key(0), (10, 3))
    variables = model.init(jax.random.key(1), depth, forecast[0])
    planner = EvaporationPlanner(model, variables)
    planner.season(depth, forecast).block_until_ready()
    return None
