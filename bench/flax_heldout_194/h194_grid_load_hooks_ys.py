# label: ok
# flax-error: none
# class: 4 the scan body asks trainer.callbacks[i].on_batch what to record and emits it as scan output; on_end receives the stacked history
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
        return {}

    def on_end(self, trainer, history):
        pass


class StatsDriftMonitor(Callback):
    def on_start(self, trainer):
        self.reference = trainer.variables["batch_stats"]

    def on_batch(self, trainer, outputs):
        return {"batch_stats": outputs["batch_stats"]}

    def on_end(self, trainer, history):
        latest = jax.tree.map(lambda h: h[-1], history["batch_stats"])
        diffs = jax.tree.map(lambda a, b: jnp.abs(a - b).max(), latest, self.reference)
        self.drift = max(jax.tree.leaves(diffs))


class EpochCounter(Callback):
    def on_start(self, trainer):
        self.epochs = getattr(self, "epochs", 0)

    def on_end(self, trainer, history):
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
            records = [cb.on_batch(self, outputs) for cb in self.callbacks]
            return updates["batch_stats"], (forecast.mean(), records)

        stats, (means, histories) = jax.lax.scan(batch, self.variables["batch_stats"], readings)
        self.variables = {"params": params, "batch_stats": stats}
        for cb, history in zip(self.callbacks, histories):
            cb.on_end(self, history)
        return means


def main():
    readings = jax.random.normal(jax.random.key(8), (6, 10, 5))
    model = LoadNet()
    variables = model.init(jax.random.key(0), readings[0])
    monitor = StatsDriftMonitor()
    trainer = Trainer(model, variables, [monitor, EpochCounter()])
    means = trainer.run_epoch(readings)
    print("means", means, "drift", monitor.drift)
