# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the fori_loop body calls trainer.train_step, which steps trainer.opt on trainer.model (a trainer object closed over)
"""Regression training where the epoch loop is a raw lax.fori_loop.

A small Trainer module holds the model and its nnx.Optimizer and has a
train_step method in the usual NNX style. To avoid Python-loop dispatch, the
user runs the steps with lax.fori_loop, calling trainer.train_step in the body.
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

    def body(i, total):
        return total + trainer.train_step(xs[i], ys[i])

    total = fori_loop(0, xs.shape[0], body, jnp.zeros(()))
    print("mean loss", total / xs.shape[0])
    return None
