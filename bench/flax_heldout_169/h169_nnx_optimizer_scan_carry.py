# label: ok
# flax-error: none
# class: 3 trainer.model and trainer.optimizer are split before the scan; their state is the carry, merged and re-split in each step
"""Running several optimisation steps of an NNX regression model inside a raw lax.scan.

The working twin: `nnx.split` the (model, optimizer) pair of the Trainer, carry the state
through the scan, `nnx.merge` inside the body and hand `nnx.state` back; after the loop
`nnx.update` writes the result into the trainer's objects.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class MLP(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class Trainer:
    def __init__(self, seed=0):
        self.model = MLP(nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-2), wrt=nnx.Param)


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


def train_epoch(trainer, xs, ys):
    graphdef, state = nnx.split((trainer.model, trainer.optimizer))

    def body(state, batch):
        x, y = batch
        model, optimizer = nnx.merge(graphdef, state)
        loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    state, losses = scan(body, state, (xs, ys))
    nnx.update((trainer.model, trainer.optimizer), state)
    return losses


def main():
    trainer = Trainer()
    xs = jax.random.normal(jax.random.key(0), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    losses = train_epoch(trainer, xs, ys)
    print(losses)
    return None
