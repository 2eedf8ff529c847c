# label: ok
# flax-error: none
# class: 3 the while_loop body is a method of the warm-up trainer; it reads the trainer's params attribute and threads batch_stats through the carry
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass
class InterlockConfig:
    routes: int = 3
    hidden: int = 6
    warmup_passes: int = 4
    seed: int = 17


class RouteConflictNet(nn.Module):
    cfg: InterlockConfig

    @nn.compact
    def __call__(self, occupancy, train: bool = True):
        h = nn.Dense(self.cfg.hidden)(occupancy)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.7)(h)
        return nn.sigmoid(nn.Dense(self.cfg.routes)(nn.tanh(h)))


class InterlockWarmup:
    def __init__(self, cfg: InterlockConfig):
        self.cfg = cfg
        self.net = RouteConflictNet(cfg)
        variables = self.net.init(jax.random.PRNGKey(cfg.seed), jnp.zeros((2, cfg.routes)))
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _not_done(self, state):
        return state[0] < self.cfg.warmup_passes

    def _pass(self, state):
        count, conflict, occupancy, batch_stats = state
        probs, mutated = self.net.apply(
            {"params": self.params, "batch_stats": batch_stats},
            occupancy,
            mutable=["batch_stats"],
        )
        return count + 1, conflict + probs.max(), occupancy, mutated["batch_stats"]

    def run(self, occupancy):
        init = (jnp.int32(0), jnp.float32(0.0), occupancy, self.batch_stats)
        _, conflict, _, self.batch_stats = jax.lax.while_loop(self._not_done, self._pass, init)
        return conflict

    def route_conflicts(self, occupancy):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        return self.net.apply(variables, occupancy, train=False)


def main():
    warmup = InterlockWarmup(InterlockConfig())
    occupancy = jnp.array([[1.0, 0.0, 0.0], [0.0, 1.0, 1.0], [1.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    conflict = warmup.run(occupancy)
    probs = warmup.route_conflicts(occupancy)
    jax.block_until_ready((conflict, probs))
    return None
