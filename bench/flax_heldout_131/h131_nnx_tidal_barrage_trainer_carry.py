# label: ok
# flax-error: none
# class: 4 trainer.state.model and trainer.state.optimizer are nnx.split before the scan; the body merges them from the carry and returns nnx.state, nnx.update after
"""Tidal barrage operations: fits a sluice-schedule head-difference model over tidal cycles."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class HeadModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 32, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


@dataclass
class TrainState:
    model: HeadModel
    optimizer: nnx.Optimizer


def train_step(model, optimizer, batch):
    features, head = batch

    def loss_fn(m):
        return jnp.mean((m(features)[:, 0] - head) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class BarrageTrainer:
    def __init__(self, seed: int = 0, lr: float = 1e-2):
        model = HeadModel(nnx.Rngs(seed))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param))

    def fit(self, cycles):
        graphdef, flat = nnx.split((self.state.model, self.state.optimizer))

        def body(flat, batch):
            model, optimizer = nnx.merge(graphdef, flat)
            loss = train_step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        flat, losses = lax.scan(body, flat, cycles)
        nnx.update((self.state.model, self.state.optimizer), flat)
        return losses


def main():
    features = jax.random.normal(jax.random.key(1), (6, 16, 4))
    head = jnp.sin(features[..., 0]) * 2.5
    trainer = BarrageTrainer()
    losses = trainer.fit((features, head))
    jax.block_until_ready(losses)
    return None
