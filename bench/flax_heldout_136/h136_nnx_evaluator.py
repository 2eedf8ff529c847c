# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Evaluator.accuracy runs lax.fori_loop and reaches the BatchNorm through self.model -> backbone -> bn
"""Validation accuracy of an NNX classifier with BatchNorm, accumulated with lax.fori_loop.

Modelled on the kind of report about BatchNorm in an NNX evaluation loop: the loop is a raw
fori_loop over validation batches and the model was never switched to eval mode, so BatchNorm
tries to update its running statistics inside the loop body.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class Backbone(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.linear = nnx.Linear(6, 32, rngs=rngs)
        self.bn = nnx.BatchNorm(32, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.linear(x)))


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.backbone = Backbone(rngs)
        self.head = nnx.Linear(32, 4, rngs=rngs)

    def __call__(self, x):
        return self.head(self.backbone(x))


class Evaluator:
    def __init__(self, model):
        self.model = model

    def accuracy(self, xs, ys):
        def body(i, correct):
            logits = self.model(xs[i])
            return correct + jnp.sum(jnp.argmax(logits, -1) == ys[i])

        correct = lax.fori_loop(0, xs.shape[0], body, jnp.array(0))
        return correct / ys.size


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.PRNGKey(1), (5, 16, 6))
    ys = jax.random.randint(jax.random.PRNGKey(2), (5, 16), 0, 4)
    evaluator = Evaluator(model)
    acc = evaluator.accuracy(xs, ys)
    acc.block_until_ready()
    return None
