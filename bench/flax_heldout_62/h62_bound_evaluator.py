# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 an Evaluator keeps model.bind(variables, mutable=["batch_stats"]) on self; the scan body calls the bound module
"""Precise-BN recalibration before evaluation: the evaluator binds the model with mutable batch
statistics, streams calibration batches through it in a lax.scan, then evaluates with the
re-estimated statistics."""
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def recalibrate(self, calib_batches):
        def body(count, x):
            self.bound(x, train=True)
            return count + 1, None

        jax.lax.scan(body, 0, calib_batches)
        self.variables = {"params": self.variables["params"],
                          "batch_stats": self.bound.variables["batch_stats"]}

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
