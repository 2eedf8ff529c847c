# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 KilnController calls an nn.remat-wrapped FiringBlock inside its scan body; the wrapped block updates its "stats" running temperature average on every call
"""Ceramics kiln: plan the power draw over a firing schedule with a rematerialised control block."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class FiringBlock(nn.Module):
    features: int
    momentum: float = 0.9

    @nn.compact
    def __call__(self, setpoint):
        ema = self.variable("stats", "temp_ema", jnp.zeros, (self.features,))
        y = nn.Dense(self.features)(setpoint)
        if not self.is_initializing():
            ema.value = self.momentum * ema.value + (1.0 - self.momentum) * y
        return nn.tanh(y)


RematFiringBlock = nn.remat(FiringBlock)


class KilnController(nn.Module):
    features: int = 8

    def setup(self):
        self.block = RematFiringBlock(self.features)
        self.power = nn.Dense(1)

    def __call__(self, setpoint):
        return self.power(self.block(setpoint))

    def fire(self, schedule):
        def segment(energy, setpoint):
            kw = nn.softplus(self.power(self.block(setpoint)))[0]
            return energy + kw, kw

        return jax.lax.scan(segment, jnp.zeros(()), schedule)


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
        stats = self.variables["stats"]["block"]["temp_ema"]
        return float(jnp.abs(stats).max())


def main():
    schedule = jnp.linspace(0.1, 1.0, 12)[:, None] * jnp.ones((12, 3))
    model = KilnController()
    service = FiringService(model, model.init(jax.random.key(0), schedule[0]))
    service.run(schedule)
    service.drift()
    return None
