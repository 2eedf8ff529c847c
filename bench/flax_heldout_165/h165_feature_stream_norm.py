# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RunningStandardizer.__call__ runs the scan itself and writes its own 'stats' variables inside the body
"""Streaming feature pipeline: a standardizer keeps running moments of the incoming feature
rows and normalizes each micro-batch with the moments seen so far."""

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RunningStandardizer(nn.Module):
    features: int
    eps: float = 1e-5

    @nn.compact
    def __call__(self, rows):
        count = self.variable("stats", "count", lambda: jnp.zeros((), jnp.float32))
        mean = self.variable("stats", "mean", jnp.zeros, (self.features,))
        m2 = self.variable("stats", "m2", jnp.zeros, (self.features,))

        def body(_, row):
            n = count.value + 1.0
            delta = row - mean.value
            mean.value = mean.value + delta / n
            m2.value = m2.value + delta * (row - mean.value)
            count.value = n
            std = jnp.sqrt(m2.value / jnp.maximum(n - 1.0, 1.0) + self.eps)
            return None, (row - mean.value) / std

        _, normalized = scan(body, None, rows)
        return normalized


class FeaturePipeline:
    def __init__(self, features, seed=0):
        self.stage = RunningStandardizer(features)
        self.variables = self.stage.init(jax.random.key(seed), jnp.zeros((1, features)))

    def push(self, micro_batch):
        out, updates = self.stage.apply(self.variables, micro_batch, mutable=["stats"])
        self.variables = {**self.variables, **updates}
        return out


def main():
    pipeline = FeaturePipeline(features=5)
    stream = jax.random.normal(jax.random.key(3), (3, 8, 5)) * 2.0 + 1.0
    for micro_batch in stream:
        pipeline.push(micro_batch)
    jnp.sum(pipeline.variables["stats"]["count"])
    return None
