# label: ok
# flax-error: none
# class: 4 PickService.adapter.forward is a functools.partial(model.apply, mutable=['batch_stats']) kept on a WaveformAdapter; batch_stats travel in the scan carry
"""Earthquake early warning: a P/S onset picker adapts its amplitude normaliser while it streams
station windows. The adapter applies the model with mutable batch_stats and the running statistics
are threaded through the scan carry, then written back."""
import functools
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class PickerNet(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, window, train: bool = False):
        h = nn.Dense(self.features)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(2)(nn.relu(h))  # logits for [p_onset, s_onset]


@dataclass
class WaveformAdapter:
    forward: Callable
    params: dict

    def encode(self, batch_stats, window):
        scaled = window / (jnp.max(jnp.abs(window)) + 1e-6)
        logits, updates = self.forward({"params": self.params, "batch_stats": batch_stats}, scaled, train=True)
        return logits, updates["batch_stats"]


class PickService:
    def __init__(self, model, variables, threshold=0.5):
        forward = functools.partial(model.apply, mutable=["batch_stats"])
        self.adapter = WaveformAdapter(forward, variables["params"])
        self.batch_stats = variables["batch_stats"]
        self.threshold = threshold

    def stream(self, windows):
        def body(carry, window):
            alarm, stats = carry
            logits, stats = self.adapter.encode(stats, window)
            p_onset = jax.nn.sigmoid(logits[:, 0]).max()
            return (jnp.maximum(alarm, p_onset), stats), p_onset

        (alarm, self.batch_stats), picks = lax.scan(body, (jnp.zeros(()), self.batch_stats), windows)
        return alarm > self.threshold, picks


def main():
    model = PickerNet()
    windows = jax.random.normal(jax.random.key(0), (6, 4, 32))
    variables = model.init(jax.random.key(1), windows[0])
    service = PickService(model, variables)
    triggered, picks = service.stream(windows)
    jax.tree.map(lambda a: a + 0, service.batch_stats)
    picks.block_until_ready()
    return None
