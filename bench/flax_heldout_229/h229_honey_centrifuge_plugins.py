# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 batch_stats updated by the apply in the scan body are handed to plugins built by the make_plugin factory (abc.ABC subclasses), which keep them
"""Honey extraction yields: a centrifuge-batch calibration loop with a plugin system
for snapshots and alarms (plugins are abc.ABC subclasses chosen by name)."""
import abc

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FrameYieldNet(nn.Module):
    @nn.compact
    def __call__(self, frames, train: bool):
        h = nn.Dense(6)(frames)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(h)
        return nn.relu(nn.Dense(1)(h))[..., 0]  # kg of honey spun out per frame


class ExtractionPlugin(abc.ABC):
    @abc.abstractmethod
    def on_batch(self, yields, stats):
        ...

    @abc.abstractmethod
    def report(self):
        ...


class StatsSnapshotPlugin(ExtractionPlugin):
    def __init__(self):
        self.latest = None

    def on_batch(self, yields, stats):
        self.latest = stats

    def report(self):
        return {k: jnp.mean(v["mean"]) for k, v in self.latest.items()}


class MoistureAlarmPlugin(ExtractionPlugin):
    def __init__(self, limit=0.2):
        self.limit = limit

    def on_batch(self, yields, stats):
        pass

    def report(self):
        return {"limit": self.limit}


def make_plugin(kind: str) -> ExtractionPlugin:
    registry = {"snapshot": StatsSnapshotPlugin, "moisture": MoistureAlarmPlugin}
    return registry[kind]()


def calibrate(model, variables, batches, plugins):
    params = variables["params"]

    def body(stats, frames):
        yields, updates = model.apply({"params": params, "batch_stats": stats}, frames,
                                      train=True, mutable=["batch_stats"])
        for plugin in plugins:
            plugin.on_batch(yields, updates["batch_stats"])
        return updates["batch_stats"], yields.sum()

    stats, totals = lax.scan(body, variables["batch_stats"], batches)
    return {"params": params, "batch_stats": stats}, totals


def main():
    model = FrameYieldNet()
    batches = jax.random.uniform(jax.random.key(4), (6, 8, 3))  # spins x frames x (weight, moisture, cap%)
    variables = model.init(jax.random.key(0), batches[0], train=False)
    plugins = [make_plugin(kind) for kind in ("snapshot", "moisture")]
    calibrate(model, variables, batches, plugins)
    for plugin in plugins:
        plugin.report()
    return None
