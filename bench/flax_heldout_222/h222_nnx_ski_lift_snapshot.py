# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body stores nnx.state(model) of the merged model in SnapshotKeeper.latest, one attribute of the keeper, which flush reads after the loop
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
            self.keeper.keep(nnx.state(model))
            return nnx.state((model, optimizer)), loss

        state, losses = scan(day, state, (counts, waits))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    lifts = 5
    counts = jax.random.uniform(jax.random.key(0), (10, 16, lifts))
    waits = 3.0 * counts + 1.0
    keeper = SnapshotKeeper()
    SeasonTrainer(LiftQueueModel(lifts, rngs=nnx.Rngs(0)), keeper).train(counts, waits)
    keeper.flush()
    return None
