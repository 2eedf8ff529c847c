# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body runs FermentationMonitor.callbacks; YeastActivityProbe.on_hour calls its model, left in training mode, whose BatchNorm updates its statistics
"""Brewery fermentation scheduling: a monitor walks through the hourly readings of a batch
and lets every registered callback look at them (yeast activity, attenuation, alarms)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class YeastActivityNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.norm(self.proj(x)))))[..., 0]


class YeastActivityProbe:
    def __init__(self, model):
        self.model = model

    def on_hour(self, readings):
        return jnp.mean(self.model(readings))


class AttenuationProbe:
    def on_hour(self, readings):
        return jnp.mean(readings[:, 0])


class FermentationMonitor:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def start(self):
        pass

    def replay(self, hourly):
        self.start()

        def hour(carry, readings):
            signals = jnp.stack([cb.on_hour(readings) for cb in self.callbacks])
            return carry, signals

        _, signals = jax.lax.scan(hour, None, hourly)
        return signals


def main():
    hourly = jax.random.uniform(jax.random.key(2), (10, 3, 4))  # hours, fermenters, sensors
    model = YeastActivityNet(nnx.Rngs(0, dropout=1))
    monitor = FermentationMonitor([YeastActivityProbe(model), AttenuationProbe()])
    monitor.replay(hourly)
    return None
