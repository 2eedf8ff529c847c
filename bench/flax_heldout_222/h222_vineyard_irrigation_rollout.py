# label: same-values
# flax-error: none
# class: 1 IrrigationPlanner.rollout runs the fori_loop itself and draws each day's rainfall with self.make_rng("weather") inside the body
"""Vineyard irrigation: roll a valve policy forward over a season with stochastic rainfall."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class VineyardConfig:
    blocks: int = 5
    hidden: int = 12
    days: int = 10
    valve_flow: float = 0.2
    evaporation: float = 0.05


class IrrigationPlanner(nn.Module):
    cfg: VineyardConfig

    def setup(self):
        self.hidden = nn.Dense(self.cfg.hidden)
        self.valves = nn.Dense(self.cfg.blocks)

    def __call__(self, moisture):
        return nn.sigmoid(self.valves(nn.gelu(self.hidden(moisture))))

    def rollout(self, moisture0):
        cfg = self.cfg
        rain_log = jnp.zeros((cfg.days, cfg.blocks))

        def day(t, state):
            moisture, log = state
            rain = 0.1 * jax.random.exponential(self.make_rng("weather"), (cfg.blocks,))
            opening = self(moisture)
            moisture = jnp.clip(moisture + cfg.valve_flow * opening + rain - cfg.evaporation, 0.0, 1.0)
            return moisture, log.at[t].set(rain)

        return lax.fori_loop(0, cfg.days, day, (moisture0, rain_log))


def main():
    cfg = VineyardConfig()
    planner = IrrigationPlanner(cfg)
    moisture0 = jnp.full((cfg.blocks,), 0.4)
    variables = planner.init(jax.random.key(0), moisture0)
    _, rain = planner.apply(variables, moisture0, method=IrrigationPlanner.rollout,
                            rngs={"weather": jax.random.key(7)})
    return rain
