# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a custom nnx.Variable subclass (RunningStat) on the detector module is assigned inside a raw lax.scan body over the stream
"""Streaming anomaly detector (NNX) with running statistics kept on the module."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RunningStat(nnx.Variable):
    """Not trained; updated online from the stream."""


class StreamDetector(nnx.Module):
    def __init__(self, dim, momentum=0.95, *, rngs):
        self.encoder = nnx.Linear(dim, dim, rngs=rngs)
        self.mean = RunningStat(jnp.zeros((dim,)))
        self.var = RunningStat(jnp.ones((dim,)))
        self.momentum = momentum

    def observe(self, x):
        h = self.encoder(x)
        score = jnp.max(jnp.abs(h - self.mean[...]) / jnp.sqrt(self.var[...] + 1e-6))
        m = self.momentum
        self.mean[...] = m * self.mean[...] + (1 - m) * h
        self.var[...] = m * self.var[...] + (1 - m) * (h - self.mean[...]) ** 2
        return score


class StreamMonitor:
    def __init__(self, detector, threshold=4.0):
        self.detector = detector
        self.threshold = threshold

    def process(self, window):
        def step(n_alerts, x):
            score = self.detector.observe(x)
            return n_alerts + (score > self.threshold), score

        n_alerts, scores = lax.scan(step, 0, window)
        return n_alerts


def main():
    monitor = StreamMonitor(StreamDetector(4, rngs=nnx.Rngs(0)))
    stream = jax.random.normal(jax.random.key(1), (2, 20, 4))
    for window in stream:
        monitor.process(window)
    return None
