# label: ok
# flax-error: none
# class: 3 fori_loop body calls microbatch_grads(graphdef, params, ...) on the nnx.split params it closes over; session.optimizer.update runs once after the loop
# modelled on: google/flax#5113 Examples how to use fori_loop for gradient accumulation & more clear exceptions
"""Training step with gradient accumulation over a set number of minibatches."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
import optax
from flax import nnx

NUM_MINIBATCHES, MICRO_BATCH, DIM = 4, 8, 6


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(DIM, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.hidden(x)))


class TrainSession(NamedTuple):
    model: nnx.Module
    optimizer: nnx.Optimizer


def loss_fn(params, graphdef, batch):
    preds = nnx.merge(graphdef, params)(batch["x"])
    return optax.l2_loss(preds[:, 0], batch["y"]).mean()


def get_minibatch(batch, idx):
    return jax.tree.map(lambda a: jax.lax.dynamic_slice_in_dim(a, idx * MICRO_BATCH, MICRO_BATCH), batch)


def microbatch_grads(graphdef, params, minibatch):
    return jax.value_and_grad(loss_fn)(params, graphdef, minibatch)


def training_step(batch, session):
    graphdef, params = nnx.split(session.model)

    def loop_body(minibatch_idx, carry):
        g_accum, loss_accum = carry
        loss, grads = microbatch_grads(graphdef, params, get_minibatch(batch, minibatch_idx))
        g_accum = jax.tree.map(lambda a, g: a + g / NUM_MINIBATCHES, g_accum, grads)
        return g_accum, loss_accum + loss / NUM_MINIBATCHES

    zeros = jax.tree.map(jnp.zeros_like, params)
    g_accum, loss = jax.lax.fori_loop(0, NUM_MINIBATCHES, loop_body, (zeros, jnp.zeros(())))
    session.optimizer.update(session.model, g_accum)
    return loss


def main():
    model = Regressor(nnx.Rngs(0))
    session = TrainSession(model, nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param))
    x = jax.random.normal(jax.random.key(1), (NUM_MINIBATCHES * MICRO_BATCH, DIM))
    batch = {"x": x, "y": x.sum(axis=-1)}
    loss = training_step(batch, session)
    print("loss", float(loss))
    return None
