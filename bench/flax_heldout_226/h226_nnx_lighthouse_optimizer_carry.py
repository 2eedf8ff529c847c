# label: ok
# flax-error: none
# class: 4 the MaintenanceTrainer's TrainState dataclass holds the model and its nnx.Optimizer; they are nnx.split before the scan, merged in the body, carried out with nnx.state and written back with nnx.update
"""Lighthouse maintenance: a lens-soiling model is fitted online to the keeper's weekly inspection log."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class SoilingModel(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.weather = nnx.Linear(features, 12, rngs=rngs)
        self.soot = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, log):
        return self.soot(nnx.relu(self.weather(log)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: SoilingModel
    optimizer: nnx.Optimizer


class MaintenanceTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    @staticmethod
    def _loss(model, batch):
        log, soiling = batch
        return jnp.mean((model(log) - soiling) ** 2)

    def fit(self, logs, soiling):
        graphdef, nodes = nnx.split((self.state.model, self.state.optimizer))

        def week(carry, batch):
            running, nodes = carry
            model, optimizer = nnx.merge(graphdef, nodes)
            loss, grads = nnx.value_and_grad(self._loss)(model, batch)
            optimizer.update(model, grads)
            return (running + loss, nnx.state((model, optimizer))), loss

        (total, nodes), losses = scan(week, (jnp.zeros(()), nodes), (logs, soiling))
        nnx.update((self.state.model, self.state.optimizer), nodes)
        return total / logs.shape[0], losses


def main():
    rngs = nnx.Rngs(params=0)
    model = SoilingModel(5, rngs)
    state = TrainState(model, nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param))
    logs = jax.random.normal(jax.random.key(1), (10, 4, 5))
    soiling = jnp.abs(jax.random.normal(jax.random.key(2), (10, 4)))
    mean_loss, _ = MaintenanceTrainer(state).fit(logs, soiling)
    jax.block_until_ready(mean_loss)
    return None
