# label: ok
# flax-error: none
# class: 3 an Evaluator holds the NNX model on self.model, switches it to model.eval() before the scan, and the scan body only reads it
"""Evaluation harness for an NNX classifier with BatchNorm and Dropout (eval mode)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class Classifier(nnx.Module):
    def __init__(self, din, dhidden, nclass, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.bn = nnx.BatchNorm(dhidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(dhidden, nclass, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.fc1(x)))
        return self.fc2(self.drop(x))


@dataclasses.dataclass
class EvalReport:
    accuracy: jax.Array


class Evaluator:
    def __init__(self, model: Classifier):
        self.model = model

    def evaluate(self, xs, ys) -> EvalReport:
        self.model.eval()

        def body(correct, batch):
            x, y = batch
            pred = jnp.argmax(self.model(x), axis=-1)
            return correct + jnp.sum(pred == y), None

        correct, _ = jax.lax.scan(body, jnp.int32(0), (xs, ys))
        self.model.train()
        return EvalReport(accuracy=correct / ys.size)


def main():
    model = Classifier(10, 32, 4, rngs=nnx.Rngs(0, dropout=1))
    xs = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 10))
    ys = jax.random.randint(jax.random.PRNGKey(1), (5, 8), 0, 4)
    report = Evaluator(model).evaluate(xs, ys)
    print(report)
    return None
