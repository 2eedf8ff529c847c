# label: ok
# flax-error: none
# class: 4 a StatsHelper owned by the TimetableOptimiser applies the model in the scan body with batch_stats threaded through the carry
"""Railway timetable optimiser: recalibrates dwell-time normalisation over corridor segments."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class CorridorConfig:
    stations: int = 6
    hidden: int = 8
    segments: int = 5


class DwellNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=False, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))


class StatsHelper:
    """Keeps params and running statistics; the statistics travel with the caller's loop."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def forward(self, batch_stats, segment):
        dwell, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, segment, mutable=["batch_stats"]
        )
        return dwell, updates["batch_stats"]

    def commit(self, batch_stats):
        self.batch_stats = batch_stats
        return self.batch_stats


class TimetableOptimiser:
    def __init__(self, config: CorridorConfig, helper: StatsHelper):
        self.config = config
        self.helper = helper

    def recalibrate(self, corridor):
        def body(carry, segment):
            total, stats = carry
            dwell, stats = self.helper.forward(stats, segment)
            return (total + jnp.sum(dwell), stats), None

        (total, stats), _ = jax.lax.scan(body, (jnp.zeros(()), self.helper.batch_stats), corridor)
        stats = self.helper.commit(stats)
        drift = jax.tree.map(lambda s: jnp.mean(jnp.abs(s)), stats)
        return total, drift


def main():
    config = CorridorConfig()
    model = DwellNet(config.hidden)
    corridor = jax.random.normal(jax.random.key(0), (config.segments, config.stations, 4))
    variables = model.init(jax.random.key(1), corridor[0])
    optimiser = TimetableOptimiser(config, StatsHelper(model, variables))
    total, drift = optimiser.recalibrate(corridor)
    float(total + sum(jax.tree.leaves(drift)))
    return None
