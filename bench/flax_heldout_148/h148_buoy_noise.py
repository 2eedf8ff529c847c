# label: same-values
# flax-error: none
# class: 1 SeaStateSynth.synthesize runs fori_loop itself and the body calls self.make_rng('sea') on its own rng stream
"""Ocean buoy simulator: synthesize random sea-surface elevation from a learned spectrum."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class SpectrumConfig:
    frequencies: int = 16
    peak_period: float = 8.0


def jonswap_init(cfg: SpectrumConfig):
    def init(key, shape):
        f = jnp.linspace(0.05, 0.5, shape[0])
        fp = 1.0 / cfg.peak_period
        return jnp.log(f ** -5 * jnp.exp(-1.25 * (fp / f) ** 4) + 1e-6)
    return init


class SeaStateSynth(nn.Module):
    cfg: SpectrumConfig

    def setup(self):
        self.log_spectrum = self.param("log_spectrum", jonswap_init(self.cfg), (self.cfg.frequencies,))

    def __call__(self):
        return jnp.sqrt(jnp.exp(self.log_spectrum))

    def synthesize(self, records: int):
        amplitude = self()
        out = jnp.zeros((records, self.cfg.frequencies))

        def record(i, buf):
            phase = jax.random.uniform(self.make_rng("sea"), (self.cfg.frequencies,), maxval=2 * jnp.pi)
            return buf.at[i].set(amplitude * jnp.cos(phase))

        return lax.fori_loop(0, records, record, out)


class BuoyStation:
    def __init__(self, station_id: str, cfg: SpectrumConfig):
        self.station_id = station_id
        self.model = SeaStateSynth(cfg)
        self.variables = self.model.init(jax.random.key(0))

    def simulate(self, records: int, seed: int):
        return self.model.apply(self.variables, records, method=SeaStateSynth.synthesize,
                                rngs={"sea": jax.random.key(seed)})


def main():
    station = BuoyStation("46042", SpectrumConfig())
    return station.simulate(records=5, seed=11)
