# label: ok
# flax-error: none
# class: 4 the scan body in CrossingPlanner.plan reaches the model through self.engine.forecast; the queue collection it writes leaves as the scan's ys and goes to the report after the loop
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
        served, state = self.model.apply(self.variables, arrivals, mutable=["queue"])
        return served, state["queue"]["backlog"]


class BacklogReport:
    def __init__(self):
        self.hourly = None

    def record(self, backlog):
        self.hourly = backlog

    def worst_hour(self):
        return jnp.argmax(self.hourly.sum(axis=-1))


class CrossingPlanner:
    def __init__(self, engine: ForecastEngine, report: BacklogReport):
        self.engine = engine
        self.report = report

    def plan(self, arrivals_by_hour):
        def hour(total, arrivals):
            served, backlog = self.engine.forecast(arrivals)
            return total + served.sum(), (served, backlog)

        total, (served, backlog) = lax.scan(hour, jnp.float32(0.0), arrivals_by_hour)
        self.report.record(backlog)
        return total, served


def landing_arrivals(hours=6, berths=3):
    base = jnp.array([4.0, 2.5, 1.0], dtype=jnp.float32)[:berths]
    return base * (1.0 + 0.2 * jnp.sin(jnp.arange(hours, dtype=jnp.float32)))[:, None]


def main():
    arrivals = landing_arrivals()
    engine = ForecastEngine.fitted(BacklogModel(), arrivals[0])
    report = BacklogReport()
    total, served = CrossingPlanner(engine, report).plan(arrivals)
    jax.block_until_ready((total, served, report.worst_hour()))
    return None
