# label: ok
# flax-error: none
# class: 3 (model, optimizer) split outside, state carried through a raw fori_loop, merged in helper method _one_step, state returned
"""Trainer (NNX) running K optimizer steps per call in a raw fori_loop over split model+optimizer state."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self):
        model = MLP(nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(model, optax.sgd(0.05), wrt=nnx.Param)
        self.model = model

    def _one_step(self, graphdef, i, state, data):
        model, optimizer = nnx.merge(graphdef, state)
        x, y = data[0][i], data[1][i]
        grads = nnx.grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer))

    def fit(self, data, k):
        graphdef, state = nnx.split((self.model, self.optimizer))
        state = fori_loop(0, k, lambda i, s: self._one_step(graphdef, i, s, data), state)
        nnx.update((self.model, self.optimizer), state)


def main():
    tr = Trainer()
    xs = jax.random.normal(jax.random.key(0), (4, 8, 3))
    tr.fit((xs, xs.sum(-1, keepdims=True)), 4)
    final = loss_fn(tr.model, xs[0], xs[0].sum(-1, keepdims=True))
    return None
