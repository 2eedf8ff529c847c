# label: ok
# flax-error: none
# class: 4 the fori_loop body calls cave.monitor.step, which applies the monitor's model with the ripeness collection carried through the loop
"""Cheese aging: a cave monitor tracks rind ripeness day by day from humidity and temperature."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class RipenessTracker(nn.Module):
    decay: float = 0.8

    @nn.compact
    def __call__(self, climate):
        score = nn.tanh(nn.Dense(1)(climate)).squeeze(-1)
        ema = self.variable("ripeness", "ema", lambda: jnp.zeros(climate.shape[:-1]))
        if self.is_mutable_collection("ripeness"):
            ema.value = self.decay * ema.value + (1.0 - self.decay) * score
        return score


class CaveMonitor:
    """Applies the tracker functionally; the ripeness collection is handed in and out."""

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.variables = variables

    def step(self, ripeness, climate):
        score, updates = self.model.apply(
            {"params": self.variables["params"], "ripeness": ripeness}, climate, mutable=["ripeness"]
        )
        return score, updates["ripeness"]

    def ripeness(self):
        return self.variables["ripeness"]["ema"]


class AgingCave:
    def __init__(self, n_wheels: int = 6, seed: int = 0):
        model = RipenessTracker()
        variables = model.init(jax.random.key(seed), jnp.zeros((n_wheels, 3)))
        self.monitor = CaveMonitor(model, variables)

    def age(self, climate_log):
        def one_day(day, carry):
            total, ripeness = carry
            score, ripeness = self.monitor.step(ripeness, climate_log[day])
            return total + score, ripeness

        init = (jnp.zeros(climate_log.shape[1]), self.monitor.variables["ripeness"])
        total, ripeness = lax.fori_loop(0, climate_log.shape[0], one_day, init)
        self.monitor.variables = {**self.monitor.variables, "ripeness": ripeness}
        return total

    def wheels_ready(self, threshold: float = 0.05):
        return jnp.flatnonzero(self.monitor.ripeness() > threshold, size=self.monitor.ripeness().shape[0])


def main():
    cave = AgingCave()
    climate_log = jax.random.normal(jax.random.key(2), (10, 6, 3))
    cave.age(climate_log)
    ready = cave.wheels_ready()
    jax.block_until_ready(ready)
    return None
