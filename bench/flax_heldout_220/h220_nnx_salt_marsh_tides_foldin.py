# label: ok
# flax-error: none
# class: 5 make_tide_steps(model, cfg) returns Enum-keyed step functions that build nnx.Rngs from cfg.seed with the tide index folded in
"""Salt marsh restoration: stochastic sediment deposition over successive tides."""
import enum
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Tide(enum.Enum):
    FLOOD = 0
    EBB = 1


@dataclass(frozen=True)
class MarshConfig:
    seed: int = 13
    transects: int = 5
    tides: int = 8
    turbidity_noise: float = 0.2


class Deposition(nnx.Module):
    def __init__(self, cfg: MarshConfig, rngs: nnx.Rngs):
        self.settle = nnx.Linear(cfg.transects, cfg.transects, rngs=rngs)

    def __call__(self, suspended):
        return nnx.relu(self.settle(suspended))


def make_tide_steps(model: Deposition, cfg: MarshConfig):
    def flood(i, record):
        rngs = nnx.Rngs(jax.random.fold_in(jax.random.key(cfg.seed), i))
        turbidity = 1.0 + cfg.turbidity_noise * jax.random.normal(rngs(), (cfg.transects,))
        return record.at[i].set(model(turbidity))

    def ebb(i, record):
        return record.at[i].set(-0.1 * model(jnp.ones(cfg.transects)))

    return {Tide.FLOOD: flood, Tide.EBB: ebb}


def main():
    cfg = MarshConfig()
    steps = make_tide_steps(Deposition(cfg, nnx.Rngs(0)), cfg)
    record = jnp.zeros((cfg.tides, cfg.transects))
    return lax.fori_loop(0, cfg.tides, steps[Tide.FLOOD], record)
