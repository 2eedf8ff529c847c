# label: ok
# flax-error: none
# class: 3 CaveSimulator.model, whose RindAge Variable subclass counts the days it has aged, goes through the lax.while_loop as part of the loop state and is stored back afterwards
"""Cheese-cave affinage: ages wheels day by day until the rind moisture reaches target."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class RindAge(nnx.Variable):
    """Days of affinage, kept with the model so that checkpoints carry it."""


class RipeningModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.dry = nnx.Linear(3, 1, rngs=rngs)
        self.age = RindAge(jnp.zeros(()))

    def __call__(self, moisture, humidity, temp):
        self.age[...] = self.age[...] + 1.0
        feats = jnp.stack([moisture, humidity, temp], axis=-1)
        loss = 0.02 * nnx.sigmoid(self.dry(feats)).squeeze(-1)
        return moisture * (1.0 - loss)


@dataclass(frozen=True)
class CaveConditions:
    humidity: float = 0.92
    temp_c: float = 11.0
    target_moisture: float = 0.38
    max_days: int = 120


class CaveSimulator:
    def __init__(self, model: RipeningModel, cond: CaveConditions):
        self.model = model
        self.cond = cond

    def age_until_ripe(self, moisture):
        c = self.cond

        def keep_aging(state):
            day, m, _ = state
            return (day < c.max_days) & (jnp.mean(m) > c.target_moisture)

        def one_day(state):
            day, m, model = state
            m = model(m, jnp.full_like(m, c.humidity), jnp.full_like(m, c.temp_c))
            return day + 1, m, model

        init = (jnp.zeros((), jnp.int32), moisture, self.model)
        days, moisture, self.model = lax.while_loop(keep_aging, one_day, init)
        return days, moisture


def main():
    wheels = jnp.linspace(0.42, 0.48, 6)
    sim = CaveSimulator(RipeningModel(rngs=nnx.Rngs(0)), CaveConditions())
    days, moisture = sim.age_until_ripe(wheels)
    print(int(days), moisture, sim.model.age[...])
    return None
