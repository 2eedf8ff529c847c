# label: ok
# flax-error: none
# class: 3 Evaluator.accuracy puts self.model in eval mode, then runs a fori_loop whose body calls self.model on each validation batch
"""Validation accuracy of an NNX BatchNorm MLP, accumulated in a fori_loop inside an Evaluator."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(6, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.l2 = nnx.Linear(16, 4, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.bn(self.l1(x)))))


class Evaluator:
    def __init__(self, model):
        self.model = model

    def accuracy(self, xs, ys):
        self.model.eval()

        def body(i, correct):
            logits = self.model(xs[i])
            return correct + jnp.sum(logits.argmax(-1) == ys[i])

        correct = lax.fori_loop(0, xs.shape[0], body, jnp.zeros((), jnp.int32))
        return correct / ys.size


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 8, 6))
    ys = jax.random.randint(jax.random.key(1), (4, 8), 0, 4)
    model = MLP(nnx.Rngs(0))
    acc = Evaluator(model).accuracy(xs, ys)
    acc.block_until_ready()
    return None
