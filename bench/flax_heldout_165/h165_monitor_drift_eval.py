# label: ok
# flax-error: none
# class: 4 DriftMonitor.observers[0].helper.bound, a model.bind(variables) held by a helper of an observer, called in eval mode in the while_loop body
"""Monitoring job: observers embed sliding windows of production traffic with a reference
encoder and the monitor stops at the first window whose embedding drifts past a threshold."""

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class WindowEncoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, window, train: bool):
        h = nn.Dense(self.dim)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return jnp.tanh(h).mean(axis=0)


class EmbeddingHelper:
    def __init__(self, bound):
        self.bound = bound

    def embed(self, window, train):
        return self.bound(window, train=train)


class FeatureObserver:
    def __init__(self, name, helper, reference):
        self.name = name
        self.helper = helper
        self.reference = reference

    def drift(self, window, train):
        return jnp.linalg.norm(self.helper.embed(window, train) - self.reference)


class DriftMonitor:
    def __init__(self, threshold):
        self.threshold = threshold
        self.observers = []

    def attach(self, observer):
        self.observers.append(observer)

    def first_drifting_window(self, windows):
        observer = self.observers[0]

        def cond(state):
            i, score = state
            return (i < windows.shape[0]) & (score < self.threshold)

        def body(state):
            i, _ = state
            window = lax.dynamic_index_in_dim(windows, i, keepdims=False)
            return i + 1, observer.drift(window, train=False)

        index, score = lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))
        return index, score


def main():
    encoder = WindowEncoder()
    windows = jax.random.normal(jax.random.key(4), (6, 10, 3)) + jnp.arange(6.0)[:, None, None]
    variables = encoder.init(jax.random.key(0), windows[0], train=False)
    reference = encoder.apply(variables, windows[0], train=False)
    monitor = DriftMonitor(threshold=0.5)
    monitor.attach(FeatureObserver("latency", EmbeddingHelper(encoder.bind(variables)), reference))
    monitor.first_drifting_window(windows)
    return None
