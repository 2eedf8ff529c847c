# label: ok
# flax-error: none
# class: 5 a functools.partial(model.apply, variables, train=False) kept on a pooled session is called in the scan body
"""Seismograph network denoising service.

Each station gets a session from a pool; a session keeps a partial of the filter's apply with
the station's variables baked in. The service slides over a trace window by window with scan.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class StationFilter(nn.Module):
    channels: int = 3

    @nn.compact
    def __call__(self, window, train: bool = False):
        h = nn.Conv(8, kernel_size=(5,))(window)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Conv(self.channels, kernel_size=(1,))(nn.gelu(h))


class StationSession:
    def __init__(self, station: str, model: nn.Module, variables):
        self.station = station
        # Serving sessions always run the filter with frozen statistics.
        self.run = functools.partial(model.apply, variables, train=False)


class SessionPool:
    def __init__(self, model: nn.Module, variables_by_station):
        self._sessions = {
            name: StationSession(name, model, v) for name, v in variables_by_station.items()
        }

    def checkout(self, station: str) -> StationSession:
        return self._sessions[station]


class DenoiseService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def denoise(self, station: str, windows):
        session = self.pool.checkout(station)

        def body(energy, window):
            clean = session.run(window)
            return energy + jnp.sum(clean ** 2), clean

        return jax.lax.scan(body, 0.0, windows)


def main():
    model = StationFilter()
    sample = jnp.zeros((64, 3))
    stations = ("KIL03", "BRM11")
    variables = {s: model.init(jax.random.key(i), sample) for i, s in enumerate(stations)}
    service = DenoiseService(SessionPool(model, variables))
    windows = jax.random.normal(jax.random.key(7), (5, 64, 3))
    energy, cleaned = service.denoise("BRM11", windows)
    print("station energy", float(energy), cleaned.shape)
    return None
