# label: ok
# flax-error: none
# class: 1 the curing simulator's own compact method draws one humidity key with make_rng before its scan and folds the hour index into it inside the scan body
"""Stochastic model of oil varnish curing on a violin top: hourly cure readings under a fluctuating cabinet humidity."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

scan = jax.lax.scan


@dataclasses.dataclass(frozen=True)
class CabinetSettings:
    hours: int = 6
    panels: int = 2
    coats: int = 4
    humidity_spread: float = 0.08


class CuringSimulator(nn.Module):
    settings: CabinetSettings

    @nn.compact
    def __call__(self, coat_thickness: jax.Array) -> jax.Array:
        s = self.settings
        uptake = self.param("uptake", nn.initializers.constant(0.3), (s.coats,))
        humidity_key = self.make_rng("humidity")

        def hour(thickness, h):
            hour_key = jax.random.fold_in(humidity_key, h)
            humidity = s.humidity_spread * jax.random.normal(hour_key, thickness.shape)
            cured = jnp.clip(uptake * thickness * (1.0 - humidity), 0.0, 1.0)
            return thickness, cured

        _, readings = scan(hour, coat_thickness, jnp.arange(s.hours))
        return readings


class CureLab:
    def __init__(self, settings: CabinetSettings, seed: int):
        self.settings = settings
        self.model = CuringSimulator(settings)
        self.root = jax.random.key(seed)

    def prepare(self, sample: jax.Array) -> None:
        params_key, noise_key, self.root = jax.random.split(self.root, 3)
        self.variables = self.model.init({"params": params_key, "humidity": noise_key}, sample)

    def hourly_readings(self, thickness: jax.Array) -> jax.Array:
        noise_key, self.root = jax.random.split(self.root)
        return self.model.apply(self.variables, thickness, rngs={"humidity": noise_key})


def main():
    settings = CabinetSettings()
    thickness = jnp.full((settings.panels, settings.coats), 0.5)
    lab = CureLab(settings, seed=1713)
    lab.prepare(thickness)
    return lab.hourly_readings(thickness)
