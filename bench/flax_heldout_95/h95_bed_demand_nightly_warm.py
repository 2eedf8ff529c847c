# label: ok
# flax-error: none
# class: 1 the compact __call__ warms the Dense cell on today's state before the raw lax.scan, so the params exist before the body reads them
"""Hospital bed-demand forecaster: an autoregressive cell rolls occupancy forward one day at a
time; the nightly job initialises a model per ward and publishes a 7-day forecast."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class WardConfig:
    name: str
    features: int = 5
    horizon: int = 7


class BedDemandForecaster(nn.Module):
    features: int
    horizon: int

    @nn.compact
    def __call__(self, today):
        cell = nn.Dense(self.features, name='cell')
        readout = nn.Dense(1, name='readout')
        readout(cell(today))  # create both param sets outside the loop body

        def advance(state, _):
            state = jnp.tanh(cell(state)) + state
            return state, readout(state)[0]

        _, beds = lax.scan(advance, today, None, length=self.horizon)
        return nn.softplus(beds)


class NightlyForecastJob:
    def __init__(self, wards, seed=0):
        self.wards = wards
        self.rng = jax.random.key(seed)
        self.params = {}

    def _ensure_model(self, ward, today):
        if ward.name not in self.params:
            self.rng, key = jax.random.split(self.rng)
            model = BedDemandForecaster(ward.features, ward.horizon)
            self.params[ward.name] = model.init(key, today)

    def run(self, snapshots):
        report = {}
        for ward in self.wards:
            today = snapshots[ward.name]
            self._ensure_model(ward, today)
            model = BedDemandForecaster(ward.features, ward.horizon)
            report[ward.name] = model.apply(self.params[ward.name], today)
        return report


def main():
    wards = [WardConfig('icu'), WardConfig('cardiology')]
    snapshots = {w.name: jnp.linspace(0.1, 0.9, w.features) for w in wards}
    report = NightlyForecastJob(wards).run(snapshots)
    jax.block_until_ready(report)
    return None
