# label: ok
# flax-error: none
# class: 5 KilnController calls an nn.remat-wrapped FiringBlock inside its scan body; the running temperature average goes through the scan carry and is written to "stats" once after the loop
"""Ceramics kiln: plan the power draw over a firing schedule with a rematerialised control block."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class FiringBlock(nn.Module):
    features: int
    momentum: float = 0.9

    @nn.compact
    def __call__(self, setpoint, ema):
        y = nn.Dense(self.features)(setpoint)
        return nn.tanh(y), self.momentum * ema + (1.0 - self.momentum) * y


RematFiringBlock = nn.remat(FiringBlock)


class KilnController(nn.Module):
    features: int = 8

    def setup(self):
        self.block = RematFiringBlock(self.features)
        self.power = nn.Dense(1)
        self.temp_ema = self.variable("stats", "temp_ema", jnp.zeros, (self.features,))

    def __call__(self, setpoint):
        h, _ = self.block(setpoint, self.temp_ema.value)
        return self.power(h)

    def fire(self, schedule):
        def segment(carry, setpoint):
            energy, ema = carry
            h, ema = self.block(setpoint, ema)
            kw = nn.softplus(self.power(h))[0]
            return (energy + kw, ema), kw

        (energy, ema), kws = jax.lax.scan(segment, (jnp.zeros(()), self.temp_ema.value), schedule)
        self.temp_ema.value = ema
        return energy, kws


@dataclass
class FiringService:
    model: KilnController
    variables: dict

    def run(self, schedule):
        (energy, _), updates = self.model.apply(
            self.variables, schedule, method=KilnController.fire, mutable=["stats"])
        self.variables = {**self.variables, **updates}
        return energy

    def drift(self):
        stats = self.variables["stats"]["temp_ema"]
        return float(jnp.abs(stats).max())


def main():
    schedule = jnp.linspace(0.1, 1.0, 12)[:, None] * jnp.ones((12, 3))
    model = KilnController()
    service = FiringService(model, model.init(jax.random.key(0), schedule[0]))
    service.run(schedule)
    service.drift()
    return None
