# label: ok
# flax-error: none
# class: 4 the model and the nnx.Optimizer sit on a TrainState held by AccordTrainer; their nnx.split state goes through the scan carry, is merged in the body and written back with nnx.update
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
        graphdef, graph_state = nnx.split((self.state.model, self.state.opt))

        def body(carry, batch):
            total, graph_state = carry
            model, opt = nnx.merge(graphdef, graph_state)
            x, y = batch
            loss, grads = nnx.value_and_grad(panel_loss)(model, x, y)
            opt.update(model, grads)
            return (total + loss, nnx.state((model, opt))), loss

        (total, graph_state), _ = scan(body, (jnp.zeros(()), graph_state), (notes, ratings))
        nnx.update((self.state.model, self.state.opt), graph_state)
        return total / notes.shape[0]


def main():
    model = AccordNet(6, nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    notes = jax.random.dirichlet(jax.random.key(1), jnp.ones(6), (5, 8))
    ratings = notes[..., 0] * 3.0 - notes[..., 5]
    AccordTrainer(state).fit_epoch(notes, ratings)
    return None
