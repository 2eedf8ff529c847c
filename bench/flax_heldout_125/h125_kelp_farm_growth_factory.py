# label: same-values
# flax-error: none
# class: 5 a step-function factory closes over model.apply, the params and one rng key for the currents stream, used as is in every fori_loop step
"""Kelp farm growth: simulate daily biomass on the longlines under random ocean currents.

Step functions are produced by a factory so the same simulator can run different models.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

fori_loop = jax.lax.fori_loop


class LonglineGrowth(nn.Module):
    n_lines: int = 4

    @nn.compact
    def __call__(self, biomass):
        current = 0.2 * jax.random.normal(self.make_rng("currents"), (self.n_lines,))
        rate = nn.sigmoid(nn.Dense(self.n_lines, name="uptake")(biomass))
        return 0.05 * rate * biomass * (1.0 + current), current


@dataclass(frozen=True)
class FarmConfig:
    n_lines: int = 4
    days: int = 8
    seed: int = 11


def make_growth_step(model, params, currents_key):
    def step(day, carry):
        biomass, currents = carry
        growth, current = model.apply({"params": params}, biomass, rngs={"currents": currents_key})
        return biomass + growth, currents.at[day].set(current)
    return step


class FarmSimulator:
    def __init__(self, config, model, params):
        self.config = config
        self.step = make_growth_step(model, params, jax.random.key(config.seed))

    def season(self, biomass0):
        start = (biomass0, jnp.zeros((self.config.days, self.config.n_lines)))
        _, currents = fori_loop(0, self.config.days, self.step, start)
        return currents


def main():
    config = FarmConfig()
    biomass0 = jnp.linspace(1.0, 2.0, config.n_lines)
    model = LonglineGrowth(config.n_lines)
    variables = model.init({"params": jax.random.key(0), "currents": jax.random.key(1)}, biomass0)
    sim = FarmSimulator(config, model, variables["params"])
    return sim.season(biomass0)
