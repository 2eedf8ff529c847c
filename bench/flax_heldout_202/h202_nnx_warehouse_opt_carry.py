# label: ok
# flax-error: none
# class: 4 PlannerTrainer.state (TrainState) -> .model and .optimizer are nnx.split before the scan; their state goes through the carry and is merged in the body, nnx.update after the loop
"""Warehouse robotics path planning: a cost-to-go network scores grid cells for pick
robots; it is fitted to Dijkstra distances from logged routes, one minibatch per step."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class CostToGo(nnx.Module):
    def __init__(self, n_features, hidden, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_features, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, cells):
        return self.out(nnx.relu(self.inp(cells)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: CostToGo
    optimizer: nnx.Optimizer


def route_loss(model, cells, distances):
    return jnp.mean((model(cells) - distances) ** 2)


class PlannerTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    @staticmethod
    def _train_step(model, optimizer, cells, distances):
        loss, grads = nnx.value_and_grad(route_loss)(model, cells, distances)
        optimizer.update(model, grads)
        return loss

    def fit(self, cells, distances):
        graphdef, carried = nnx.split((self.state.model, self.state.optimizer))

        def step(carried, batch):
            model, optimizer = nnx.merge(graphdef, carried)
            loss = self._train_step(model, optimizer, *batch)
            return nnx.state((model, optimizer)), loss

        carried, losses = jax.lax.scan(step, carried, (cells, distances))
        nnx.update((self.state.model, self.state.optimizer), carried)
        return losses


def main():
    rngs = nnx.Rngs(0)
    model = CostToGo(4, 32, rngs=rngs)
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    cells = jax.random.uniform(jax.random.key(1), (10, 64, 4))
    distances = jnp.sum(jnp.abs(cells[..., :2] - 0.5), -1) * 20
    losses = PlannerTrainer(state).fit(cells, distances)
    assert losses.shape == (10,)
    return None
