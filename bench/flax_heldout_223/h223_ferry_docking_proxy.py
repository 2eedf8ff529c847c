# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body calls controller.trainer.forward, found by __getattr__ on a timing wrapper around the trainer that owns model and variables
"""Ferry docking: thruster commands from a learned controller until the hull reaches the berth."""
from __future__ import annotations

import time

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ThrusterPolicy(nn.Module):
    @nn.compact
    def __call__(self, obs, train: bool = True):
        h = nn.Dense(16)(obs)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.tanh(nn.Dense(2)(nn.swish(h)))


class DockingTrainer:
    def __init__(self, seed: int = 0):
        self.model = ThrusterPolicy()
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((1, 4)), train=False)

    def forward(self, obs, train: bool = True):
        return self.model.apply(self.variables, obs, train=train)


class TimedTrainer:
    """Thin wrapper: records wall time of construction, forwards everything else."""

    def __init__(self, inner: DockingTrainer):
        self._inner = inner
        self.created = time.perf_counter()

    def __getattr__(self, name):
        return getattr(self._inner, name)


class BerthController:
    def __init__(self, trainer, max_steps: int = 20, tolerance: float = 0.05):
        self.trainer = trainer
        self.max_steps = max_steps
        self.tolerance = tolerance

    def approach(self, start):
        def keep_going(state):
            step, pos = state
            return (step < self.max_steps) & (jnp.linalg.norm(pos[:, :2]) > self.tolerance)

        def body(state):
            step, pos = state
            thrust = self.trainer.forward(pos)
            velocity = 0.3 * thrust - 0.2 * pos[:, :2]
            return step + 1, pos.at[:, :2].add(velocity).at[:, 2:].set(velocity)

        return lax.while_loop(keep_going, body, (0, start))


def main():
    controller = BerthController(TimedTrainer(DockingTrainer()))
    steps, final = controller.approach(jnp.array([[1.5, -0.7, 0.0, 0.0]]))
    jax.block_until_ready(final)
    return None
