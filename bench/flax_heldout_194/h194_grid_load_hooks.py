# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body hands the updated batch_stats to trainer.callbacks[i].on_batch, which keeps them on the hook for on_end
"""Regional grid-load forecaster trained with a callback-driven trainer.

Trainer components expose lifecycle hooks (on_start / on_batch / on_end); the
statistics-drift monitor compares normalisation statistics before and after an
epoch of feeder readings.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class LoadNet(nn.Module):
    @nn.compact
    def __call__(self, feeders, train: bool = True):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(feeders)
        return nn.Dense(1)(nn.tanh(nn.Dense(16)(h)))[..., 0]


class Callback:
    def on_start(self, trainer):
        pass

    def on_batch(self, trainer, outputs):
        pass

    def on_end(self, trainer):
        pass


class StatsDriftMonitor(Callback):
    def on_start(self, trainer):
        self.reference = trainer.variables["batch_stats"]
        self.latest = None

    def on_batch(self, trainer, outputs):
        self.latest = outputs["batch_stats"]

    def on_end(self, trainer):
        diffs = jax.tree.map(lambda a, b: jnp.abs(a - b).max(), self.latest, self.reference)
        self.drift = max(jax.tree.leaves(diffs))


class EpochCounter(Callback):
    def on_start(self, trainer):
        self.epochs = getattr(self, "epochs", 0)

    def on_end(self, trainer):
        self.epochs += 1


class Trainer:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = list(callbacks)

    def run_epoch(self, readings):
        for cb in self.callbacks:
            cb.on_start(self)
        params = self.variables["params"]

        def batch(stats, feeders):
            forecast, updates = self.model.apply(
                {"params": params, "batch_stats": stats}, feeders, mutable=["batch_stats"])
            outputs = {"forecast": forecast, "batch_stats": updates["batch_stats"]}
            for cb in self.callbacks:
                cb.on_batch(self, outputs)
            return updates["batch_stats"], forecast.mean()

        stats, means = jax.lax.scan(batch, self.variables["batch_stats"], readings)
        self.variables = {"params": params, "batch_stats": stats}
        for cb in self.callbacks:
            cb.on_end(self)
        return means


def main():
    readings = jax.random.normal(jax.random.key(8), (6, 10, 5))
    model = LoadNet()
    variables = model.init(jax.random.key(0), readings[0])
    monitor = StatsDriftMonitor()
    trainer = Trainer(model, variables, [monitor, EpochCounter()])
    means = trainer.run_epoch(readings)
    print("means", means, "drift", monitor.drift)
