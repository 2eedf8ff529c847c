# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 monitor.registry -> hook -> nnx.MultiMetric updated in an inner scan body, that scan run by a method called from an outer scan
"""Railway signal timing: predicted block delays feed a registry of metric hooks."""
from typing import List

import jax
import jax.numpy as jnp
from flax import nnx


class HeadwayModel(nnx.Module):
    def __init__(self, feats: int, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(feats, 12, rngs=rngs)
        self.lin2 = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, block):
        return nnx.softplus(self.lin2(nnx.tanh(self.lin1(block))))[..., 0]


class DelayMetricsHook:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            delay=nnx.metrics.Average("delay"),
            worst=nnx.metrics.Average("worst"),
        )

    def after_block(self, delays):
        self.metrics.update(delay=delays, worst=jnp.max(delays))


class HookRegistry:
    def __init__(self):
        self.hooks: List[DelayMetricsHook] = []

    def add(self, hook):
        self.hooks.append(hook)
        return hook


class SignalTimingMonitor:
    def __init__(self, model: HeadwayModel, registry: HookRegistry):
        self.model = model
        self.registry = registry

    def day_delay(self, blocks):
        def block(total, feats):
            delays = self.model(feats)
            for hook in self.registry.hooks:
                hook.after_block(delays)
            return total + delays.sum(), None

        total, _ = jax.lax.scan(block, jnp.zeros(()), blocks)
        return total

    def run(self, days):
        def day(cum, blocks):
            d = self.day_delay(blocks)
            return cum + d, d

        return jax.lax.scan(day, jnp.zeros(()), days)


def main():
    days = jax.random.normal(jax.random.key(6), (3, 5, 4, 7))  # days x blocks x trains x feats
    registry = HookRegistry()
    hook = registry.add(DelayMetricsHook())
    monitor = SignalTimingMonitor(HeadwayModel(7, nnx.Rngs(0)), registry)
    monitor.run(days)
    jax.block_until_ready(hook.metrics.compute())
    return None
