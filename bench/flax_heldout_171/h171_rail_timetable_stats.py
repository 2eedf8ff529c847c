# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a bound module (model.bind with mutable batch_stats) held by a StatsHelper owned by the TimetableOptimiser is called in the scan body
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
    """Keeps a bound copy of the network so callers need not thread variables."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def forward(self, segment):
        return self.bound(segment)

    def snapshot(self):
        return self.bound.variables["batch_stats"]


class TimetableOptimiser:
    def __init__(self, config: CorridorConfig, helper: StatsHelper):
        self.config = config
        self.helper = helper

    def recalibrate(self, corridor):
        def body(total, segment):
            dwell = self.helper.forward(segment)
            return total + jnp.sum(dwell), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), corridor)
        stats = self.helper.snapshot()
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
