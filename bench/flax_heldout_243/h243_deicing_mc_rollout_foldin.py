# label: ok
# flax-error: none
# class: 5 HoldoverSampler binds model.apply and the variables with functools.partial; the fori_loop body calls it with the draw index folded into the weather key
from __future__ import annotations

import functools
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp

lax = jax.lax


@dataclass(frozen=True)
class FluidSpec:
    name: str
    glycol_fraction: float
    base_minutes: float


class HoldoverModel(nn.Module):
    @nn.compact
    def __call__(self, conditions):
        base = nn.Dense(1)(conditions)[..., 0]
        precip = jax.random.gamma(self.make_rng("weather"), 2.0, base.shape)
        return nn.softplus(base) * 30.0 / (1.0 + precip)


class HoldoverSampler:
    def __init__(self, model: HoldoverModel, variables, key):
        self._draw = functools.partial(model.apply, variables)
        self._key = key

    def __call__(self, conditions, index):
        return self._draw(conditions, rngs={"weather": jax.random.fold_in(self._key, index)})


class HoldoverPlanner:
    def __init__(self, fluid: FluidSpec, draws: int = 6, seed: int = 12):
        self.fluid = fluid
        self.draws = draws
        self.model = HoldoverModel()
        self.variables = self.model.init(
            {"params": jax.random.key(seed), "weather": jax.random.key(seed + 1)}, self.conditions()
        )

    def conditions(self):
        temps = jnp.array([-3.0, -8.0, -12.0], jnp.float32) / 10.0
        return jnp.stack([temps, jnp.full_like(temps, self.fluid.glycol_fraction), jnp.ones_like(temps)], axis=-1)

    def rollout(self, key):
        sampler = HoldoverSampler(self.model, self.variables, key)
        conditions = self.conditions()
        minutes = jnp.zeros((self.draws, conditions.shape[0]), jnp.float32)

        def draw(i, minutes):
            return minutes.at[i].set(sampler(conditions, i))

        return lax.fori_loop(0, self.draws, draw, minutes)


def main():
    planner = HoldoverPlanner(FluidSpec("type-IV", glycol_fraction=0.75, base_minutes=35.0))
    return planner.rollout(jax.random.key(44))
