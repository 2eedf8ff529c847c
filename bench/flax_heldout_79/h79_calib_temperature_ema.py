# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "confidence" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the 'calibration' collection reaches the scan body inside a functools.partial(model.apply, variables) stored on the Evaluator
"""A calibration wrapper adds temperature scaling to a classifier and tracks running confidence
and accuracy (for a reliability estimate) in a 'calibration' collection. The evaluator stores a
predict function built once from model.apply and scans it over the validation batches."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Classifier(nn.Module):
    n_classes: int = 5

    @nn.compact
    def __call__(self, x):
        return nn.Dense(self.n_classes)(nn.relu(nn.Dense(32)(x)))


class TemperatureScaled(nn.Module):
    base: nn.Module
    momentum: float = 0.95

    @nn.compact
    def __call__(self, x, labels):
        log_t = self.param("log_temperature", nn.initializers.zeros, ())
        logits = self.base(x) / jnp.exp(log_t)
        probs = jax.nn.softmax(logits)
        conf = self.variable("calibration", "confidence", lambda: jnp.zeros(()))
        acc = self.variable("calibration", "accuracy", lambda: jnp.zeros(()))
        if not self.is_initializing():
            m = self.momentum
            conf.value = m * conf.value + (1 - m) * probs.max(-1).mean()
            acc.value = m * acc.value + (1 - m) * (probs.argmax(-1) == labels).mean()
        return logits


class Evaluator:
    def __init__(self, model, variables):
        self.predict_fn = functools.partial(model.apply, variables)

    def evaluate(self, xs, ys):
        def body(total_nll, batch):
            x, y = batch
            logits = self.predict_fn(x, y)
            nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1).mean()
            return total_nll + nll, nll

        total, _ = lax.scan(body, 0.0, (xs, ys))
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 16, 10))
    ys = jax.random.randint(jax.random.key(1), (5, 16), 0, 5)
    model = TemperatureScaled(Classifier())
    variables = model.init(jax.random.key(2), xs[0], ys[0])
    Evaluator(model, variables).evaluate(xs, ys)
    return None
