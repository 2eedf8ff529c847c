# label: trace-context
# flax-error: TraceContextError: Cannot mutate CalibStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the TemperatureScaler's CalibStat variables are closed over by a jax.checkpoint-wrapped scan body via CalibratedModel.scaler
"""Model wrapper that adds temperature scaling on top of a trained classifier and tracks running
confidence and accuracy in a custom nnx.Variable subclass for an online ECE estimate. The
calibration pass scans a rematerialised body over held-out batches."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class CalibStat(nnx.Variable):
    pass


class TemperatureScaler(nnx.Module):
    def __init__(self, momentum=0.9):
        self.log_t = nnx.Param(jnp.zeros(()))
        self.confidence = CalibStat(jnp.zeros(()))
        self.accuracy = CalibStat(jnp.zeros(()))
        self.momentum = momentum

    def __call__(self, logits, labels=None):
        scaled = logits / jnp.exp(self.log_t[...])
        if labels is not None:
            probs = jax.nn.softmax(scaled)
            m = self.momentum
            self.confidence.value = m * self.confidence.value + (1 - m) * probs.max(-1).mean()
            self.accuracy.value = m * self.accuracy.value + (1 - m) * (probs.argmax(-1) == labels).mean()
        return scaled


class CalibratedModel(nnx.Module):
    def __init__(self, base, rngs: nnx.Rngs):
        self.base = base
        self.scaler = TemperatureScaler()

    def __call__(self, x, labels=None):
        return self.scaler(self.base(x), labels)


def calibration_pass(model: CalibratedModel, xs, ys):
    @jax.checkpoint
    def body(nll, batch):
        x, y = batch
        logits = model(x, y)
        return nll - jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1).mean(), None

    nll, _ = scan(body, 0.0, (xs, ys))
    return nll, model.scaler.confidence.value - model.scaler.accuracy.value


def main():
    rngs = nnx.Rngs(0)
    model = CalibratedModel(nnx.Linear(9, 4, rngs=rngs), rngs)
    xs = jax.random.normal(jax.random.key(1), (3, 12, 9))
    ys = jax.random.randint(jax.random.key(2), (3, 12), 0, 4)
    calibration_pass(model, xs, ys)
    return None
