# label: ok
# flax-error: none
# class: 4 the trainer splits self.state.model and self.state.optimizer (a dataclass TrainState) with nnx.split, carries the state through the fori_loop, merges it in the body and nnx.updates them after
"""Power transformer top-oil temperature model: fit a small regressor on SCADA load/ambient
readings with a fixed number of full-batch steps inside a fori_loop."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class TopOilRegressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: TopOilRegressor
    optimizer: nnx.Optimizer


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class OilTrainer:
    def __init__(self, state: TrainState, steps: int):
        self.state = state
        self.steps = steps

    def fit(self, x, y):
        self.state.model.train()
        graphdef, graph_state = nnx.split((self.state.model, self.state.optimizer))

        def step(i, carry):
            graph_state, last_loss = carry
            model, optimizer = nnx.merge(graphdef, graph_state)
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        graph_state, loss = jax.lax.fori_loop(0, self.steps, step, (graph_state, jnp.zeros(())))
        nnx.update((self.state.model, self.state.optimizer), graph_state)
        return loss


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.uniform(k1, (64, 3))  # load pu, ambient (scaled), fan stage
    y = 40.0 * x[:, 0] ** 2 + 0.8 * x[:, 1] - 5.0 * x[:, 2] + 0.1 * jax.random.normal(k2, (64,))
    model = TopOilRegressor(rngs=nnx.Rngs(1))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    final_loss = OilTrainer(state, steps=25).fit(x, y)
    jax.block_until_ready(final_loss)
    return None
