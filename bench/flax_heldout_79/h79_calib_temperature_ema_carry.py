# label: ok
# flax-error: none
# class: 2 params stay in a functools.partial on the Evaluator; the 'calibration' collection is the scan carry and leaves through mutable=['calibration']
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


def _apply_with_stats(model, params, calibration, x, labels):
    logits, updated = model.apply({"params": params, "calibration": calibration}, x, labels,
                                  mutable=["calibration"])
    return logits, updated["calibration"]


class Evaluator:
    def __init__(self, model, variables):
        self.calibration = variables["calibration"]
        self.predict_fn = functools.partial(_apply_with_stats, model, variables["params"])

    def evaluate(self, xs, ys):
        def body(carry, batch):
            total_nll, calibration = carry
            x, y = batch
            logits, calibration = self.predict_fn(calibration, x, y)
            nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1).mean()
            return (total_nll + nll, calibration), nll

        (total, self.calibration), _ = lax.scan(body, (0.0, self.calibration), (xs, ys))
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 16, 10))
    ys = jax.random.randint(jax.random.key(1), (5, 16), 0, 5)
    model = TemperatureScaled(Classifier())
    variables = model.init(jax.random.key(2), xs[0], ys[0])
    Evaluator(model, variables).evaluate(xs, ys)
    return None
