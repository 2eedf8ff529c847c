# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 params and batch_stats are locals of refresh_stats, used by the scan body's model.apply; the mutated batch_stats leave the body through a callback list
"""Cold-chain logistics: refreshes the normalisation statistics of a reefer
container excursion model on a week of shipments, with callbacks that keep the
latest statistics for the checkpoint writer."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ExcursionModel(nn.Module):
    @nn.compact
    def __call__(self, temps, train=False):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.8)(temps)
        h = nn.relu(nn.Dense(8)(h))
        return nn.Dense(1)(h)[..., 0]


class Callback:
    def on_batch(self, stats):
        pass

    def on_end(self):
        pass


class StatsCheckpoint(Callback):
    def __init__(self):
        self.latest = None
        self.saved = None

    def on_batch(self, stats):
        self.latest = stats

    def on_end(self):
        self.saved = jax.tree.map(lambda a: jnp.asarray(a) * 1.0, self.latest)


class DriftAlarm(Callback):
    def __init__(self, limit):
        self.limit = limit
        self.batches = 0

    def on_batch(self, stats):
        self.batches += 1


def refresh_stats(model, variables, shipments, callbacks):
    params = variables["params"]
    stats = variables["batch_stats"]

    def body(carry, batch):
        out, mutated = model.apply(
            {"params": params, "batch_stats": stats}, batch, train=True, mutable=["batch_stats"])
        for cb in callbacks:
            cb.on_batch(mutated["batch_stats"])
        return carry + out.mean(), None

    total, _ = jax.lax.scan(body, jnp.zeros(()), shipments)
    for cb in callbacks:
        cb.on_end()
    return total


def main():
    shipments = 4.0 + jax.random.normal(jax.random.key(2), (7, 5, 3))  # days, containers, probes
    model = ExcursionModel()
    variables = model.init(jax.random.key(3), shipments[0])
    ckpt = StatsCheckpoint()
    refresh_stats(model, variables, shipments, [ckpt, DriftAlarm(limit=8.0)])
    print(jax.tree.map(jnp.shape, ckpt.saved))
    return None
