# label: ok
# flax-error: none
# class: 4 RosterScheduler keeps model and variables; calibrate() scans crossings through self.model.apply(..., mutable=["batch_stats"]) with batch_stats in the carry, stored back on the scheduler after the loop
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
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def calibrate(self, crossings):
        params = self.params

        def body(carry, batch):
            total_load, batch_stats = carry
            load, updates = self.model.apply(
                {"params": params, "batch_stats": batch_stats}, batch, train=True,
                mutable=["batch_stats"])
            return (total_load + load.sum(), updates["batch_stats"]), load

        (total, self.batch_stats), _ = lax.scan(body, (jnp.zeros(()), self.batch_stats), crossings)
        return total

    def export_stats(self):
        return self.batch_stats


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
