# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 the model and the nnx.Optimizer sit on a TrainState held by AccordTrainer; the scan body reaches them as self.state.model and self.state.opt and calls opt.update
"""Perfume accord design: a small network scores the balance of an accord from the fractions
of its notes; the trainer fits it to panel ratings over a stream of mini-batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class AccordNet(nnx.Module):
    def __init__(self, n_notes, rngs: nnx.Rngs):
        self.heart = nnx.Linear(n_notes, 16, rngs=rngs)
        self.base = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, notes):
        return self.base(nnx.relu(self.heart(notes)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: AccordNet
    opt: nnx.Optimizer


def panel_loss(model, notes, rating):
    return jnp.mean((model(notes) - rating) ** 2)


class AccordTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    def fit_epoch(self, notes, ratings):
        def body(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(panel_loss)(self.state.model, x, y)
            self.state.opt.update(self.state.model, grads)
            return total + loss, loss

        total, _ = scan(body, jnp.zeros(()), (notes, ratings))
        return total / notes.shape[0]


def main():
    model = AccordNet(6, nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    notes = jax.random.dirichlet(jax.random.key(1), jnp.ones(6), (5, 8))
    ratings = notes[..., 0] * 3.0 - notes[..., 5]
    AccordTrainer(state).fit_epoch(notes, ratings)
    return None
