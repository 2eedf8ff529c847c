# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the forecaster service looks up a BuoyStation whose @property `bound` returns model.bind(variables, mutable=['batch_stats']); the scan body calls it in training mode
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
            self._bound = self.model.bind(self.variables, mutable=["batch_stats"])
        return self._bound

    def export_stats(self):
        stats = self.bound.variables["batch_stats"]
        return jax.tree.map(lambda a: a.round(4), stats)


class SwellForecaster:
    def __init__(self, stations):
        self.stations = {s.station_id: s for s in stations}

    def rollout(self, station_id, spectra):
        station = self.stations[station_id]

        def hour(total, spectrum):
            height = station.bound(spectrum, train=True)
            return total + height.mean(), height

        _, heights = jax.lax.scan(hour, jnp.zeros(()), spectra)
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
