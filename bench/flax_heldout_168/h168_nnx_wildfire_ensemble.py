# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls a member of a generic ModelPool held by the simulator; the members were left in train() mode by calibration, so BatchNorm updates its stats in the body
"""Wildfire spread simulator: an ensemble of ignition models (Linear -> BatchNorm -> Linear)
built from a config; each member is calibrated on historical burns, then drives a spread run."""
import dataclasses
from typing import Callable, Generic, List, TypeVar

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

M = TypeVar("M", bound=nnx.Module)


@dataclasses.dataclass(frozen=True)
class EnsembleConfig:
    members: int = 3
    hidden: int = 8
    grid: int = 8
    steps: int = 6


class IgnitionNet(nnx.Module):
    def __init__(self, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(3, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, features):
        return nnx.sigmoid(self.head(nnx.relu(self.norm(self.encode(features)))))[..., 0]


class ModelPool(Generic[M]):
    def __init__(self, members: List[M]):
        self.members = members

    @classmethod
    def from_config(cls, config: EnsembleConfig, factory: Callable[..., M]) -> "ModelPool[M]":
        return cls([factory(config.hidden, rngs=nnx.Rngs(seed)) for seed in range(config.members)])

    def __getitem__(self, index: int) -> M:
        return self.members[index]

    def __len__(self):
        return len(self.members)

    def calibrate(self, features):
        for member in self.members:
            member.train()
            member(features)  # refresh BatchNorm statistics on historical burns

    def eval_all(self):
        for member in self.members:
            member.eval()


def neighbour_heat(burning):
    padded = jnp.pad(burning, 1)
    return (padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]) / 4.0


class SpreadSimulator:
    def __init__(self, config: EnsembleConfig, pool: ModelPool[IgnitionNet]):
        self.config = config
        self.pool = pool

    def run(self, member_index: int, fuel, ignition):
        def spread(step, burning):
            heat = neighbour_heat(burning)
            features = jnp.stack([fuel, burning, heat], axis=-1).reshape(-1, 3)
            p = self.pool[member_index](features).reshape(burning.shape)
            return jnp.clip(burning + p * heat, 0.0, 1.0)

        return lax.fori_loop(0, self.config.steps, spread, ignition)


def main():
    cfg = EnsembleConfig()
    pool = ModelPool.from_config(cfg, IgnitionNet)
    pool.calibrate(jax.random.uniform(jax.random.key(1), (64, 3)))
    simulator = SpreadSimulator(cfg, pool)
    fuel = jax.random.uniform(jax.random.key(2), (cfg.grid, cfg.grid))
    ignition = jnp.zeros((cfg.grid, cfg.grid)).at[3, 3].set(1.0)
    burned = [simulator.run(i, fuel, ignition).sum() for i in range(len(pool))]
    float(jnp.mean(jnp.stack(burned)))
    return None
