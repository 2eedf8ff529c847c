# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/zone/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the fori_loop body in CrucibleModel calls self.zone.settle, which runs self.norm (BatchNorm in training mode)
"""Crucible furnace state model: iterate zone temperatures to a settled profile before a gather."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class GatherRun:
    zones: int = 4
    features: int = 6
    iterations: int = 5
    train: bool = True


class ZoneBlock(nn.Module):
    features: int

    def setup(self):
        self.mix = nn.Dense(self.features, name="mix")
        self.norm = nn.BatchNorm(momentum=0.9, name="norm")

    def settle(self, h, train: bool):
        return nn.relu(self.norm(self.mix(h), use_running_average=not train))


class CrucibleModel(nn.Module):
    run: GatherRun

    def setup(self):
        self.zone = ZoneBlock(self.run.features)

    def warm_start(self, h):
        return self.zone.settle(h, train=False)

    def __call__(self, h):
        def iterate(i, state):
            return 0.5 * state + 0.5 * self.zone.settle(state, train=self.run.train)

        return fori_loop(0, self.run.iterations, iterate, h)


class GatherPlanner:
    def __init__(self, run: GatherRun):
        self.run = run
        self.model = CrucibleModel(run)

    def profile(self):
        return jnp.linspace(0.9, 1.1, self.run.zones * self.run.features).reshape(self.run.zones, self.run.features)

    def settle(self):
        h = self.profile()
        variables = self.model.init(jax.random.key(4), h, method=CrucibleModel.warm_start)
        settled = self.model.apply(variables, h)
        return settled, settled.std(axis=0)


def main():
    settled, spread = GatherPlanner(GatherRun()).settle()
    jax.block_until_ready((settled, spread))
    return None
