# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "flagged" in "/hooks_0" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 each callback module in self.hooks updates its own "counters" variable when the monitor's lax.while_loop body calls it
"""Ski lift access control: a monitor sweeps pass scans and notifies counter hooks of suspicious reuse."""
from typing import Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ReuseDetector(nn.Module):
    @nn.compact
    def __call__(self, scans):
        return nn.sigmoid(nn.Dense(1, name="score")(scans))[:, 0]


class FlagCounter(nn.Module):
    """A hook: counts the flagged scans it is shown."""

    threshold: float = 0.5

    def setup(self):
        self.flagged = self.variable("counters", "flagged", lambda: jnp.zeros((), jnp.int32))

    def reset(self):
        self.flagged.value = jnp.zeros((), jnp.int32)

    def __call__(self, scores):
        self.flagged.value = self.flagged.value + (scores > self.threshold).sum()


class LiftMonitor(nn.Module):
    hooks: Sequence[nn.Module] = ()

    def setup(self):
        self.detector = ReuseDetector()

    def prime(self, scans):
        self.detector(scans[0])
        for hook in self.hooks:
            hook.reset()

    def sweep(self, scans):
        def keep_going(carry):
            return carry[0] < scans.shape[0]

        def visit(carry):
            i, total = carry
            scores = self.detector(scans[i])
            for hook in self.hooks:
                hook(scores)
            return i + 1, total + scores.sum()

        _, total = lax.while_loop(keep_going, visit, (0, jnp.zeros(())))
        return total


def main():
    scans = jax.random.uniform(jax.random.key(0), (8, 5, 3))
    monitor = LiftMonitor(hooks=(FlagCounter(threshold=0.5), FlagCounter(threshold=0.8)))
    variables = monitor.init(jax.random.key(1), scans, method=LiftMonitor.prime)
    monitor.apply(variables, scans, method=LiftMonitor.sweep)
    return None
