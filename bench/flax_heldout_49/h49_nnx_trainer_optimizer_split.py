# label: ok
# flax-error: none
# class: 3 a Trainer holds the model and an nnx.Optimizer; train_epoch splits both, carries their state through the raw scan, merges inside the body and updates the objects after the loop
"""Trainer object in the style of NNX tutorials, with the epoch loop moved into lax.scan to
avoid a Python loop over stacked batches."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class MLP(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, dout, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, lr=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param)

    def train_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), None

        (total, state), _ = lax.scan(body, (0.0, state), (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(0), (4, 16, 5))
    ys = xs.sum(-1, keepdims=True)
    trainer = Trainer(MLP(5, 1, rngs=nnx.Rngs(0)))
    trainer.train_epoch(xs, ys)
    trainer.model(xs[0])
    return None
