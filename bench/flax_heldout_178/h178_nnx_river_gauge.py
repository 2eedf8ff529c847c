# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 GaugeForecaster.forecast runs lax.scan itself and calls self.norm (BatchNorm, training mode) in the body
"""River-gauge flood forecasting: a recurrent forecaster rolled over upstream gauge readings."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class GaugeConfig:
    gauges: int = 4
    hidden: int = 8
    hours: int = 12
    basins: int = 3


class GaugeForecaster(nnx.Module):
    def __init__(self, config: GaugeConfig, *, rngs: nnx.Rngs):
        self.config = config
        self.norm = nnx.BatchNorm(config.gauges, momentum=0.9, rngs=rngs)
        self.cell = nnx.Linear(config.gauges + config.hidden, config.hidden, rngs=rngs)
        self.head = nnx.Linear(config.hidden, 1, rngs=rngs)

    def forecast(self, readings):
        """readings: [hours, basins, gauges] -> stage height per hour and basin."""
        h0 = jnp.zeros((readings.shape[1], self.config.hidden))

        def hour(h, x):
            z = self.norm(x)
            h = jnp.tanh(self.cell(jnp.concatenate([z, h], axis=-1)))
            return h, self.head(h).squeeze(-1)

        _, stages = lax.scan(hour, h0, readings)
        return stages


def main():
    config = GaugeConfig()
    model = GaugeForecaster(config, rngs=nnx.Rngs(0))
    readings = jax.random.gamma(jax.random.key(8), 2.0, (config.hours, config.basins, config.gauges))
    model.train()
    stages = model.forecast(readings)
    print("peak stage per basin", stages.max(0))
    return None
