# label: ok
# flax-error: none
# class: 2 the custom RunningStat variables are pulled out with nnx.state(detector, RunningStat), carried through the raw lax.scan, and written back with nnx.update
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

    def score(self, mean, var, x):
        h = self.encoder(x)
        score = jnp.max(jnp.abs(h - mean) / jnp.sqrt(var + 1e-6))
        m = self.momentum
        mean = m * mean + (1 - m) * h
        var = m * var + (1 - m) * (h - mean) ** 2
        return score, mean, var


class StreamMonitor:
    def __init__(self, detector, threshold=4.0):
        self.detector = detector
        self.threshold = threshold

    def process(self, window):
        stats = nnx.state(self.detector, RunningStat)

        def step(carry, x):
            n_alerts, mean, var = carry
            score, mean, var = self.detector.score(mean, var, x)
            return (n_alerts + (score > self.threshold), mean, var), score

        (n_alerts, mean, var), scores = lax.scan(step, (0, stats["mean"][...], stats["var"][...]), window)
        stats["mean"][...] = mean
        stats["var"][...] = var
        nnx.update(self.detector, stats)
        return n_alerts


def main():
    monitor = StreamMonitor(StreamDetector(4, rngs=nnx.Rngs(0)))
    stream = jax.random.normal(jax.random.key(1), (2, 20, 4))
    for window in stream:
        monitor.process(window)
    return None
