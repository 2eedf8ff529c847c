# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "backlog" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body in CrossingPlanner.plan reaches the model through self.engine.forecast, which applies engine.variables to a model that writes its queue collection
"""Hourly crossing plan for a river ferry landing."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class BacklogModel(nn.Module):
    berths: int = 3

    @nn.compact
    def __call__(self, arrivals):
        served = nn.softplus(nn.Dense(self.berths, name="service")(arrivals))
        backlog = jnp.maximum(arrivals - served, 0.0)
        self.put_variable("queue", "backlog", backlog)
        return served


class ForecastEngine:
    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.variables = variables

    @classmethod
    def fitted(cls, model, sample, seed=5):
        return cls(model, model.init(jax.random.key(seed), sample))

    def forecast(self, arrivals):
        return self.model.apply(self.variables, arrivals)


class CrossingPlanner:
    def __init__(self, engine: ForecastEngine):
        self.engine = engine

    def plan(self, arrivals_by_hour):
        def hour(total, arrivals):
            served = self.engine.forecast(arrivals)
            return total + served.sum(), served

        return lax.scan(hour, jnp.float32(0.0), arrivals_by_hour)


def landing_arrivals(hours=6, berths=3):
    base = jnp.array([4.0, 2.5, 1.0], dtype=jnp.float32)[:berths]
    return base * (1.0 + 0.2 * jnp.sin(jnp.arange(hours, dtype=jnp.float32)))[:, None]


def main():
    arrivals = landing_arrivals()
    engine = ForecastEngine.fitted(BacklogModel(), arrivals[0])
    total, served = CrossingPlanner(engine).plan(arrivals)
    jax.block_until_ready((total, served))
    return None
