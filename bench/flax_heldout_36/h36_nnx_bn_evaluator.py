# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 Evaluator.evaluate raw fori_loop body calls self.model (BatchNorm left in training mode) on the outside module
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class Classifier(nnx.Module):
    def __init__(self, din, n_classes, *, rngs):
        self.lin1 = nnx.Linear(din, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.lin2 = nnx.Linear(8, n_classes, rngs=rngs)

    def __call__(self, x):
        return self.lin2(nnx.relu(self.bn(self.lin1(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model

    def evaluate(self, xs, labels):
        def body(i, correct):
            logits = self.model(xs[i])
            return correct + jnp.sum(jnp.argmax(logits, -1) == labels[i])

        correct = fori_loop(0, xs.shape[0], body, jnp.zeros((), jnp.int32))
        return correct / labels.size


def main():
    model = Classifier(4, 3, rngs=nnx.Rngs(0))
    xs = jnp.linspace(0.0, 1.0, 3 * 2 * 4).reshape(3, 2, 4)
    labels = jnp.array([[0, 1], [2, 0], [1, 1]])
    Evaluator(model).evaluate(xs, labels)
    return None
