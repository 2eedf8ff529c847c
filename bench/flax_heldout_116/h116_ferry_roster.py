# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RosterScheduler keeps model.bind(variables, mutable=["batch_stats"]) on self.session; calibrate() scans crossings through self.session(..., train=True), so BatchNorm stores scan tracers in the bound scope, read later by export_stats()
"""Ferry roster service: calibrates a passenger-load forecaster on a day of
crossings, then exports its normalisation statistics to the deck planner."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class LoadForecaster(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, crossing_features, train: bool = False):
        h = nn.Dense(self.hidden)(crossing_features)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.softplus(nn.Dense(1)(nn.relu(h)))[..., 0]


class RosterScheduler:
    def __init__(self, model, variables):
        self.model = model
        self.session = model.bind(variables, mutable=["batch_stats"])

    def calibrate(self, crossings):
        def body(total_load, batch):
            load = self.session(batch, train=True)
            return total_load + load.sum(), load

        total, _ = lax.scan(body, jnp.zeros(()), crossings)
        return total

    def export_stats(self):
        return self.session.variables["batch_stats"]


class DeckPlanner:
    def __init__(self, scheduler):
        self.scheduler = scheduler

    def plan(self, crossings):
        self.scheduler.calibrate(crossings)
        stats = self.scheduler.export_stats()
        return jax.tree.map(lambda s: jnp.round(s, 3), stats)


def main():
    model = LoadForecaster()
    crossings = jax.random.uniform(jax.random.key(7), (6, 8, 5))
    variables = model.init(jax.random.key(0), crossings[0])
    DeckPlanner(RosterScheduler(model, variables)).plan(crossings)
    return None
