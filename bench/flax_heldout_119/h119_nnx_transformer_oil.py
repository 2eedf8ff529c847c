# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the fori_loop body of the trainer differentiates self.state.model and calls self.state.optimizer.update, both held in a dataclass TrainState
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
        def step(i, last_loss):
            loss, grads = nnx.value_and_grad(mse)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return loss

        return jax.lax.fori_loop(0, self.steps, step, jnp.zeros(()))


def main():
    k1, k2 = jax.random.split(jax.random.key(0))
    x = jax.random.uniform(k1, (64, 3))  # load pu, ambient (scaled), fan stage
    y = 40.0 * x[:, 0] ** 2 + 0.8 * x[:, 1] - 5.0 * x[:, 2] + 0.1 * jax.random.normal(k2, (64,))
    model = TopOilRegressor(rngs=nnx.Rngs(1))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    final_loss = OilTrainer(state, steps=25).fit(x, y)
    jax.block_until_ready(final_loss)
    return None
