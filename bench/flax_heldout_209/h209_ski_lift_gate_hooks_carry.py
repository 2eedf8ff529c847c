# label: ok
# flax-error: none
# class: 4 the callback modules in self.hooks get the flag counts the lax.while_loop carried out and update their "counters" variables after it
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

    def count(self, scores):
        return (scores > self.threshold).sum()

    def add(self, n):
        self.flagged.value = self.flagged.value + n


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
            i, total, counts = carry
            scores = self.detector(scans[i])
            counts = counts + jnp.stack([hook.count(scores) for hook in self.hooks])
            return i + 1, total + scores.sum(), counts

        init = (0, jnp.zeros(()), jnp.zeros((len(self.hooks),), jnp.int32))
        _, total, counts = lax.while_loop(keep_going, visit, init)
        for k, hook in enumerate(self.hooks):
            hook.add(counts[k])
        return total


def main():
    scans = jax.random.uniform(jax.random.key(0), (8, 5, 3))
    monitor = LiftMonitor(hooks=(FlagCounter(threshold=0.5), FlagCounter(threshold=0.8)))
    variables = monitor.init(jax.random.key(1), scans, method=LiftMonitor.prime)
    _, updated = monitor.apply(variables, scans, method=LiftMonitor.sweep, mutable=["counters"])
    jax.block_until_ready(updated)
    return None
