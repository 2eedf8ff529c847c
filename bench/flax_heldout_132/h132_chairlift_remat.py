# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped cell held by the encoder updates its BatchNorm batch_stats inside the raw scan body (train mode, mutable batch_stats)
"""Chairlift load encoder: summarises a sequence of chair sensor readings for the ops console."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LiftCell(nn.Module):
    features: int
    train: bool

    @nn.compact
    def __call__(self, h, reading):
        h = nn.Dense(self.features)(jnp.concatenate([h, reading], -1))
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        return nn.tanh(h)


class ChairliftEncoder(nn.Module):
    features: int = 8
    train: bool = False

    def setup(self):
        self.cell = nn.remat(LiftCell)(self.features, self.train)

    def prime(self, chairs):
        return self.cell(jnp.zeros((chairs.shape[1], self.features)), chairs[0])

    def __call__(self, chairs):
        h = self.prime(chairs)

        def body(h, reading):
            h = self.cell(h, reading)
            return h, h.mean()

        h, _ = jax.lax.scan(body, h, chairs[1:])
        return h


class LiftAnalytics:
    def __init__(self, features=8):
        self.model = ChairliftEncoder(features)
        self.variables = None

    def prepare(self, chairs):
        self.variables = self.model.init(jax.random.key(0), chairs, method="prime")

    def encode(self, chairs, train):
        if not train:
            return self.model.apply(self.variables, chairs)
        model = self.model.clone(train=True)
        h, updates = model.apply(self.variables, chairs, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}
        return h


def main():
    # seconds x chairs x (load cell, sway, grip force)
    chairs = jax.random.normal(jax.random.key(9), (6, 4, 3))
    analytics = LiftAnalytics()
    analytics.prepare(chairs)
    h = analytics.encode(chairs, train=True)
    stats = jax.tree.leaves(analytics.variables["batch_stats"])
    print(h.shape, float(sum(jnp.sum(s) for s in stats)))
