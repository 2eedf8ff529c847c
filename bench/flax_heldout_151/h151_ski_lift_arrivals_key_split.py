# label: ok
# flax-error: none
# class: 2 a key drawn with self.make_rng('arrivals') into a local of the simulate method enters the fori_loop carry and is split every slot
"""Ski-lift queue simulator.

For each five-minute slot the simulator samples skier arrivals at every lift
base station, scaled by a learned demand profile, and records them in a slot
table that the lift operations dashboard plots.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class LiftConfig:
    stations: int = 4
    slots: int = 6


class GammaArrivals:
    """Arrival law: gamma-distributed bursts around the demand level."""
    shape = 2.0

    def sample(self, key, demand):
        return demand * jax.random.gamma(key, self.shape, demand.shape) / self.shape


class QueueModel(nn.Module):
    config: LiftConfig
    arrivals: object = GammaArrivals()

    @nn.compact
    def __call__(self, weather):
        return nn.softplus(nn.Dense(self.config.stations, name="demand")(weather))

    def simulate(self, weather):
        cfg = self.config
        demand = self(weather)
        key = self.make_rng("arrivals")

        def slot(i, carry):
            table, key = carry
            key, sub = jax.random.split(key)
            return table.at[i].set(self.arrivals.sample(sub, demand)), key

        table, _ = jax.lax.fori_loop(0, cfg.slots, slot, (jnp.zeros((cfg.slots, cfg.stations)), key))
        return table


class LiftOperations:
    def __init__(self, config: LiftConfig):
        self.model = QueueModel(config)
        self.params = self.model.init(jax.random.key(0), jnp.ones((3,)))["params"]

    def forecast(self, weather, seed):
        return self.model.apply(
            {"params": self.params}, weather, method=QueueModel.simulate,
            rngs={"arrivals": jax.random.key(seed)})


def main():
    ops = LiftOperations(LiftConfig())
    return ops.forecast(jnp.array([0.2, -1.0, 0.5]), seed=3)
