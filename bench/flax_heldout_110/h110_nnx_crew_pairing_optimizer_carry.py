# label: ok
# flax-error: none
# class: 4 the model and nnx.Optimizer inside the TrainState held by PairingCostTrainer are nnx.split before the loop, carried through the scan, merged in the body and nnx.update'd back afterwards
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
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def step(train_state, batch):
            model, optimizer = nnx.merge(graphdef, train_state)
            loss, grads = nnx.value_and_grad(cost_loss)(model, *batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        train_state, losses = jax.lax.scan(step, train_state, (pairings, costs))
        nnx.update((self.state.model, self.state.optimizer), train_state)
        return losses


def main():
    pairings = jax.random.normal(jax.random.key(0), (5, 32, 9))  # 5 batches x 32 pairings x 9 features
    costs = jax.random.uniform(jax.random.key(1), (5, 32))
    model = PairingCostModel(9, nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(3e-3), wrt=nnx.Param))
    losses = PairingCostTrainer(state).fit(pairings, costs)
    jax.block_until_ready(losses)
    jax.block_until_ready(state.model(pairings[0]))
    return None
