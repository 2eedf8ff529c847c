# label: ok
# flax-error: none
# class: 4 Evaluator.accuracy runs lax.fori_loop and reaches the BatchNorm through self.model -> backbone -> bn, after model.eval()
"""Validation accuracy of an NNX classifier with BatchNorm, accumulated with lax.fori_loop.

The evaluator switches the model to eval mode before the loop, so BatchNorm uses its running
averages and the body only reads the model's state.
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
        self.model.eval()

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
