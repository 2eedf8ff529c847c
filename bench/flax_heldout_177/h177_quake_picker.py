# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 PickService.adapter.forward is a functools.partial(model.apply, variables) kept on a WaveformAdapter; the scan body calls it in training mode, batch_stats not mutable
"""Earthquake early warning: a P/S onset picker adapts its amplitude normaliser while it streams
station windows. The service keeps an adapter, the adapter keeps a partial of model.apply, and the
scan body reaches the model through both."""
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

    def encode(self, window):
        scaled = window / (jnp.max(jnp.abs(window)) + 1e-6)
        return self.forward(scaled, train=True)


class PickService:
    def __init__(self, model, variables, threshold=0.5):
        self.adapter = WaveformAdapter(functools.partial(model.apply, variables))
        self.threshold = threshold

    def stream(self, windows):
        def body(alarm, window):
            logits = self.adapter.encode(window)
            p_onset = jax.nn.sigmoid(logits[:, 0]).max()
            return jnp.maximum(alarm, p_onset), p_onset

        alarm, picks = lax.scan(body, jnp.zeros(()), windows)
        return alarm > self.threshold, picks


def main():
    model = PickerNet()
    windows = jax.random.normal(jax.random.key(0), (6, 4, 32))
    variables = model.init(jax.random.key(1), windows[0])
    service = PickService(model, variables)
    triggered, picks = service.stream(windows)
    picks.block_until_ready()
    return None
