# label: ok
# flax-error: none
# class: 4 the forecaster service looks up a BuoyStation and applies its model with the station's batch_stats carried through the scan, storing them back after the loop
"""Swell-height nowcasting for an offshore buoy network.

The forecaster service rolls a small spectral model over the hourly wave spectra of one
station and afterwards publishes the station's normalisation statistics to the dashboard.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class SwellNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, spectrum, train: bool = True):
        h = nn.Dense(self.hidden)(spectrum)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


class BuoyStation:
    def __init__(self, station_id, model, variables):
        self.station_id = station_id
        self.model = model
        self.variables = variables
        self._bound = None

    @property
    def bound(self):
        if self._bound is None:
            self._bound = self.model.bind(self.variables)
        return self._bound

    def replace_stats(self, stats):
        self.variables = {**self.variables, "batch_stats": stats}
        self._bound = None

    def export_stats(self):
        stats = self.bound.variables["batch_stats"]
        return jax.tree.map(lambda a: a.round(4), stats)


class SwellForecaster:
    def __init__(self, stations):
        self.stations = {s.station_id: s for s in stations}

    def rollout(self, station_id, spectra):
        station = self.stations[station_id]
        params = station.variables["params"]

        def hour(stats, spectrum):
            height, updates = station.model.apply(
                {"params": params, "batch_stats": stats}, spectrum, train=True, mutable=["batch_stats"])
            return updates["batch_stats"], height

        stats, heights = jax.lax.scan(hour, station.variables["batch_stats"], spectra)
        station.replace_stats(stats)
        return heights

    def publish(self, station_id):
        return self.stations[station_id].export_stats()


def main():
    spectra = jax.random.normal(jax.random.key(0), (6, 8, 12))  # hours x bins x frequencies
    model = SwellNet()
    variables = model.init(jax.random.key(1), spectra[0], train=False)
    forecaster = SwellForecaster([BuoyStation("46042", model, variables)])
    forecaster.rollout("46042", spectra)
    forecaster.publish("46042")
    return None
