# label: ok
# flax-error: none
# class: 2 an Evaluator keeps model and variables on self; the scan carries batch_stats returned by apply(mutable=...)
"""Precise-BN recalibration before evaluation: the evaluator streams calibration batches
through model.apply with mutable batch statistics in a lax.scan, carrying the statistics, then
evaluates with the re-estimated statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Classifier(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.0)(x)
        x = nn.relu(x)
        return nn.Dense(self.num_classes)(x)


class Evaluator:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def recalibrate(self, calib_batches):
        params = self.variables["params"]

        def body(stats, x):
            _, updates = self.model.apply({"params": params, "batch_stats": stats}, x,
                                          train=True, mutable=["batch_stats"])
            return updates["batch_stats"], None

        stats, _ = jax.lax.scan(body, self.variables["batch_stats"], calib_batches)
        self.variables = {"params": params, "batch_stats": stats}

    def accuracy(self, x, y):
        logits = self.model.apply(self.variables, x, train=False)
        return jnp.mean(jnp.argmax(logits, -1) == y)


def main():
    model = Classifier()
    calib = jax.random.normal(jax.random.key(0), (4, 16, 8))
    x = jax.random.normal(jax.random.key(1), (16, 8))
    y = jnp.arange(16) % 5
    variables = model.init(jax.random.key(2), x)
    ev = Evaluator(model, variables)
    ev.recalibrate(calib)
    ev.accuracy(x, y)
    return None
