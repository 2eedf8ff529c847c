# label: ok
# flax-error: none
# class: 1 the encoder's own __call__ runs jax.lax.scan over vibration windows and its BatchNorm only reads the running batch_stats inside the body (eval mode)
"""Wind-turbine gearbox monitoring: a recurrent encoder summarises accelerometer windows into a
health embedding; the monitoring service scores with the frozen normalisation statistics."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class VibrationEncoder(nn.Module):
    hidden: int = 16

    def setup(self):
        self.project = nn.Dense(self.hidden)
        self.norm = nn.BatchNorm(momentum=0.95)
        self.mix = nn.Dense(self.hidden)

    def _cell(self, h, window, train):
        z = self.norm(self.project(window), use_running_average=not train)
        return jnp.tanh(self.mix(h) + z)

    def __call__(self, windows, train: bool = False):
        # windows: (time, sensors, features); warm the layers up on the first window
        h = self._cell(jnp.zeros((windows.shape[1], self.hidden)), windows[0], train=False)

        def body(h, window):
            h = self._cell(h, window, train)
            return h, h.mean(axis=-1)

        h, trace = jax.lax.scan(body, h, windows[1:])
        return h, trace


class GearboxMonitor:
    def __init__(self, encoder: VibrationEncoder, variables):
        self.encoder = encoder
        self.variables = variables
        self._apply = functools.partial(encoder.apply, mutable=["batch_stats"])

    def refresh(self, windows):
        (embedding, _), updates = self._apply(self.variables, windows, train=False)
        self.variables = {**self.variables, **updates}
        return embedding


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 3, 8))
    encoder = VibrationEncoder()
    variables = encoder.init(jax.random.key(1), windows, train=False)
    monitor = GearboxMonitor(encoder, variables)
    embedding = monitor.refresh(windows)
    jnp.asarray(embedding).block_until_ready()
    jax.tree.map(lambda x: x + 0, monitor.variables["batch_stats"])
    return None
