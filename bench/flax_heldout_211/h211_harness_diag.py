# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "seen" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the harness keeps functools.partial(model.apply, variables) and calls it in the scan body; the model writes its 'diagnostics' counter, which the partial never made mutable
"""Evaluation harness: one pallet-damage classifier, several metric objects, scanned over held-out batches."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class PalletDamageNet(nn.Module):
    n_classes: int = 3

    @nn.compact
    def __call__(self, x):
        seen = self.variable("diagnostics", "seen", lambda: jnp.zeros((), jnp.float32))
        seen.value = seen.value + x.shape[0]
        h = nn.relu(nn.Dense(16)(x))
        return nn.Dense(self.n_classes)(h)


class AccuracyMetric:
    name = "accuracy"

    def empty(self):
        return jnp.zeros(2)

    def step(self, acc, logits, labels):
        return acc + jnp.array([jnp.sum(logits.argmax(-1) == labels), labels.shape[0]])

    def result(self, acc):
        return acc[0] / acc[1]


class BrierMetric:
    name = "brier"

    def empty(self):
        return jnp.zeros(2)

    def step(self, acc, logits, labels):
        onehot = jax.nn.one_hot(labels, logits.shape[-1])
        err = jnp.sum((jax.nn.softmax(logits) - onehot) ** 2)
        return acc + jnp.array([err, labels.shape[0]])

    def result(self, acc):
        return acc[0] / acc[1]


class EvalHarness:
    def __init__(self, model, variables, metrics):
        self.apply_fn = functools.partial(model.apply, variables)
        self.metrics = metrics

    def evaluate(self, xs, ys):
        def body(accs, batch):
            x, y = batch
            logits = self.apply_fn(x)
            accs = [m.step(a, logits, y) for m, a in zip(self.metrics, accs)]
            return accs, None

        accs, _ = jax.lax.scan(body, [m.empty() for m in self.metrics], (xs, ys))
        return {m.name: float(m.result(a)) for m, a in zip(self.metrics, accs)}


def main():
    xs = jax.random.normal(jax.random.key(1), (4, 8, 10))
    ys = jax.random.randint(jax.random.key(2), (4, 8), 0, 3)
    model = PalletDamageNet()
    variables = model.init(jax.random.key(0), xs[0])
    harness = EvalHarness(model, variables, [AccuracyMetric(), BrierMetric()])
    print(harness.evaluate(xs, ys))
    return None
