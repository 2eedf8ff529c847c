# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 the model and nnx.Optimizer inside the TrainState held by PairingCostTrainer; the scan body runs nnx.value_and_grad on self.state.model and self.state.optimizer.update
"""Airline crew pairing: fit the pairing-cost model used by the crew scheduling optimizer.

The cost model scores candidate pairings (sequences of duty periods) from features such
as sit time, deadheads and overnight stations.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class PairingCostModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 16, rngs=rngs)
        self.cost = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pairings):
        return self.cost(nnx.relu(self.embed(pairings)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: PairingCostModel
    optimizer: nnx.Optimizer


def cost_loss(model, pairings, cost):
    return jnp.mean((model(pairings) - cost) ** 2)


class PairingCostTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    def fit(self, pairings, costs):
        def step(total, batch):
            loss, grads = nnx.value_and_grad(cost_loss)(self.state.model, *batch)
            self.state.optimizer.update(self.state.model, grads)
            return total + loss, loss

        _, losses = jax.lax.scan(step, jnp.zeros(()), (pairings, costs))
        return losses


def main():
    pairings = jax.random.normal(jax.random.key(0), (5, 32, 9))  # 5 batches x 32 pairings x 9 features
    costs = jax.random.uniform(jax.random.key(1), (5, 32))
    model = PairingCostModel(9, nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(3e-3), wrt=nnx.Param))
    losses = PairingCostTrainer(state).fit(pairings, costs)
    jax.block_until_ready(losses)
    return None
