# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body in GalleryClimate calls the attribute self.encoder, whose Dense first runs there during init
"""Hour-by-hour relative-humidity forecaster for the east-wing galleries."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class WingConfig:
    galleries: int = 3
    sensors: int = 4
    hidden: int = 8
    hours: int = 5
    target_rh: float = 50.0


class ZoneEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, reading):
        return nn.tanh(nn.Dense(self.hidden, name="proj")(reading))


class GalleryClimate(nn.Module):
    config: WingConfig

    def setup(self):
        self.encoder = ZoneEncoder(self.config.hidden)
        self.mix = self.param("mix", nn.initializers.constant(0.5), (self.config.hidden,))
        self.readout = self.param("readout", nn.initializers.lecun_normal(), (self.config.hidden, 1))

    def __call__(self, readings):
        def hour(memory, reading):
            encoded = self.encoder(reading)
            memory = self.mix * memory + (1.0 - self.mix) * encoded
            return memory, (memory @ self.readout)[..., 0]

        start = jnp.zeros((self.config.galleries, self.config.hidden))
        _, drift = lax.scan(hour, start, readings)
        return self.config.target_rh + drift


class ForecastDesk:
    def __init__(self, config: WingConfig):
        self.config = config
        self.model = GalleryClimate(config)

    def readings(self):
        c = self.config
        base = jnp.linspace(45.0, 55.0, c.sensors) / 100.0
        return jnp.broadcast_to(base, (c.hours, c.galleries, c.sensors))

    def forecast(self):
        readings = self.readings()
        variables = self.model.init(jax.random.key(21), readings)
        rh = self.model.apply(variables, readings)
        return rh, jnp.abs(rh - self.config.target_rh).max()


def main():
    rh, worst = ForecastDesk(WingConfig()).forecast()
    jax.block_until_ready((rh, worst))
    return None
