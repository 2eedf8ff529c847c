# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the params and hook list local to calibrate_station go into the scan body directly; a hook keeps the batch_stats produced inside the body
"""Seismic station calibration: refresh the BatchNorm statistics of a waveform encoder on a
day of quiet-period windows, then score an event window with the refreshed statistics.
"""
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class WaveEncoder(nn.Module):
    channels: int = 3
    features: int = 8

    @nn.compact
    def __call__(self, window, train: bool):
        h = nn.Conv(self.features, kernel_size=(5,))(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return jnp.mean(nn.gelu(h), axis=(-2, -1))


class LatestStatsHook:
    def __init__(self):
        self.batch_stats = None

    def on_window(self, batch_stats, energy):
        self.batch_stats = batch_stats


class WindowCounter:
    def __init__(self):
        self.windows = 0

    def on_window(self, batch_stats, energy):
        self.windows += 1


def calibrate_station(model, variables, windows, hooks):
    params = variables["params"]

    def body(batch_stats, window):
        energy, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, window, train=True, mutable=["batch_stats"])
        for hook in hooks:
            hook.on_window(updates["batch_stats"], energy)
        return updates["batch_stats"], jnp.mean(energy)

    return scan(body, variables["batch_stats"], windows)


def main():
    windows = jax.random.normal(jax.random.key(7), (12, 4, 64, 3))
    model = WaveEncoder()
    variables = model.init(jax.random.key(0), windows[0], train=False)
    latest, counter = LatestStatsHook(), WindowCounter()
    calibrate_station(model, variables, windows, [latest, counter])
    event = 3.0 * jax.random.normal(jax.random.key(8), (1, 64, 3))
    score = model.apply({"params": variables["params"], "batch_stats": latest.batch_stats}, event, train=False)
    score.block_until_ready()
    return None
