# label: ok
# flax-error: none
# class: 3 the model state leaves the scan through the carry and SnapshotKeeper.latest, one attribute of the keeper, is set from it after the loop
"""Ski resort operations: train a lift-queue forecaster on a season of gate counts, snapshotting as it goes."""

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class LiftQueueModel(nnx.Module):
    def __init__(self, lifts: int, *, rngs: nnx.Rngs):
        self.trend = nnx.Linear(lifts, 32, rngs=rngs)
        self.queue = nnx.Linear(32, lifts, rngs=rngs)

    def __call__(self, gate_counts):
        return nnx.softplus(self.queue(nnx.tanh(self.trend(gate_counts))))


class SnapshotKeeper:
    """Keeps the newest weights and writes a checksum for each flush."""

    def __init__(self):
        self.latest = None
        self.checksums: list[float] = []

    def keep(self, state) -> None:
        self.latest = state

    def flush(self) -> None:
        leaves = jax.tree.leaves(self.latest)
        self.checksums.append(float(sum(jnp.sum(jnp.abs(leaf)) for leaf in leaves)))


def queue_loss(model, counts, waits):
    return jnp.mean((model(counts) - waits) ** 2)


class SeasonTrainer:
    def __init__(self, model: LiftQueueModel, keeper: SnapshotKeeper):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
        self.keeper = keeper

    def train(self, counts, waits):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def day(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(queue_loss)(model, *batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = scan(day, state, (counts, waits))
        nnx.update((self.model, self.optimizer), state)
        self.keeper.keep(nnx.state(self.model))
        return losses


def main():
    lifts = 5
    counts = jax.random.uniform(jax.random.key(0), (10, 16, lifts))
    waits = 3.0 * counts + 1.0
    keeper = SnapshotKeeper()
    SeasonTrainer(LiftQueueModel(lifts, rngs=nnx.Rngs(0)), keeper).train(counts, waits)
    keeper.flush()
    return None
