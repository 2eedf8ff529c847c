# label: ok
# flax-error: none
# class: 4 Trainer.epoch splits self.model and self.optimizer; their state is the scan carry, merged and split again in the body
"""A whole training epoch as one jax.lax.scan over batches, with an NNX model and optimizer.

The trainer splits model and optimizer together before the loop, carries their state through
the scan, and writes the final state back with `nnx.update`.
"""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class MLP(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


def loss_fn(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
            optimizer.update(model, grads)
            _, state = nnx.split((model, optimizer))
            return state, loss

        state, losses = lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    trainer = Trainer(MLP(nnx.Rngs(0)))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 4))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    losses = trainer.epoch(xs, ys)
    jax.block_until_ready(losses)
    return None
