# label: ok
# flax-error: none
# class: 3 the Trainer splits (model, optimizer) with nnx.split, carries the state through the raw jax.lax.scan, merges in the body and nnx.update()s afterwards
"""Trainer class that runs one epoch as a scan over pre-batched data."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(lr), wrt=nnx.Param)
        self.history = []

    @staticmethod
    def loss_fn(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def train_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self.loss_fn)(model, *batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        self.history.append(losses.mean())
        return losses


def main():
    model = MLP(3, 1, rngs=nnx.Rngs(0))
    trainer = Trainer(model)
    xs = jax.random.normal(jax.random.key(1), (4, 8, 3))
    ys = xs.sum(-1, keepdims=True)
    trainer.train_epoch(xs, ys)
    return None
