# label: ok
# flax-error: none
# class: 4 the trainer (model and optimizer) is split and its state carried through fori_loop; the body merges it and calls train_step
"""Regression training where the epoch loop is a raw lax.fori_loop.

A small Trainer module holds the model and its nnx.Optimizer and has a
train_step method in the usual NNX style. The trainer is split into a graph
definition and state; the state is the fori_loop carry, merged back into a
trainer inside the body and written back to the original after the loop.
"""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import fori_loop


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.gelu(self.l1(x)))


class Trainer(nnx.Module):
    def __init__(self, model, tx):
        self.model = model
        self.opt = nnx.Optimizer(model, tx, wrt=nnx.Param)

    def train_step(self, x, y):
        def loss_fn(m):
            return jnp.mean((m(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.opt.update(self.model, grads)
        return loss


def main():
    kx, kn = jax.random.split(jax.random.key(0))
    xs = jax.random.normal(kx, (20, 8, 3))
    ys = xs.sum(-1, keepdims=True) + 0.1 * jax.random.normal(kn, (20, 8, 1))
    trainer = Trainer(Net(nnx.Rngs(0)), optax.adam(1e-2))
    graphdef, state = nnx.split(trainer)

    def body(i, carry):
        state, total = carry
        t = nnx.merge(graphdef, state)
        loss = t.train_step(xs[i], ys[i])
        return nnx.state(t), total + loss

    state, total = fori_loop(0, xs.shape[0], body, (state, jnp.zeros(())))
    nnx.update(trainer, state)
    print("mean loss", total / xs.shape[0], "steps", trainer.opt.step[...])
    return None
