# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 3 fori_loop body calls apply_microbatch(session, ...), which runs nnx.value_and_grad on session.model and session.optimizer.update (held in a TrainSession)
# modelled on: google/flax#5113 Examples how to use fori_loop for gradient accumulation & more clear exceptions
"""Training step with micro-batching over a set number of minibatches."""

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


def loss_fn(model, batch):
    preds = model(batch["x"])
    return optax.l2_loss(preds[:, 0], batch["y"]).mean()


def get_minibatch(batch, idx):
    return jax.tree.map(lambda a: jax.lax.dynamic_slice_in_dim(a, idx * MICRO_BATCH, MICRO_BATCH), batch)


def apply_microbatch(session, minibatch):
    loss, grads = nnx.value_and_grad(loss_fn)(session.model, minibatch)
    session.optimizer.update(session.model, grads)
    return loss


def training_step(batch, session):
    def loop_body(minibatch_idx, loss_accum):
        minibatch = get_minibatch(batch, minibatch_idx)
        return loss_accum + apply_microbatch(session, minibatch) / NUM_MINIBATCHES

    return jax.lax.fori_loop(0, NUM_MINIBATCHES, loop_body, jnp.zeros(()))


def main():
    model = Regressor(nnx.Rngs(0))
    session = TrainSession(model, nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param))
    x = jax.random.normal(jax.random.key(1), (NUM_MINIBATCHES * MICRO_BATCH, DIM))
    batch = {"x": x, "y": x.sum(axis=-1)}
    loss = training_step(batch, session)
    print("loss", float(loss))
    return None
