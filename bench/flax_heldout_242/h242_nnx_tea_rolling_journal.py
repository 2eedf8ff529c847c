# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the RollerNet state from the carry and writes its batch statistics to room.checkpointer.journal (RollingRoom -> Checkpointer -> Journal)
"""Rolling room for black tea: a LeafFeed iterator yields batches that are pressed through the roller model."""
from __future__ import annotations

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import nnx


class LeafFeed:
    """Iterates over the rolling tables, one batch of leaf readings per table."""

    def __init__(self, key, tables: int, leaves: int, sensors: int):
        self.key = key
        self.tables = tables
        self.shape = (leaves, sensors)

    def __iter__(self):
        self._table = 0
        return self

    def __next__(self):
        if self._table >= self.tables:
            raise StopIteration
        batch = jax.random.uniform(jax.random.fold_in(self.key, self._table), self.shape)
        self._table += 1
        return batch


class RollerNet(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.press = nnx.Linear(sensors, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(6, sensors, rngs=rngs)

    def __call__(self, leaf):
        return self.out(nnx.relu(self.norm(self.press(leaf))))


class Journal:
    def __init__(self):
        self.latest = None
        self.pages = 0

    def write(self, stats):
        self.latest = stats
        self.pages += 1


class Checkpointer:
    def __init__(self):
        self.journal = Journal()


class RollingRoom:
    def __init__(self, model: RollerNet):
        self.model = model
        self.checkpointer = Checkpointer()

    def roll(self, feed: LeafFeed):
        batches = jnp.stack(list(feed))
        graphdef, state = nnx.split(self.model)

        def press(carry, batch):
            state, twist = carry
            roller = nnx.merge(graphdef, state)
            rolled = roller(batch)
            self.checkpointer.journal.write(nnx.state(roller, nnx.BatchStat))
            return (nnx.state(roller), twist + rolled.mean()), None

        (state, twist), _ = lax.scan(press, (state, jnp.zeros(())), batches)
        nnx.update(self.model, state)
        return twist

    def restore(self):
        nnx.update(self.model, self.checkpointer.journal.latest)


def main():
    k_model, k_feed = jax.random.split(jax.random.key(55))
    room = RollingRoom(RollerNet(4, nnx.Rngs(k_model)))
    twist = room.roll(LeafFeed(k_feed, tables=4, leaves=8, sensors=4))
    room.restore()
    room.model.eval()
    graded = room.model(jnp.full((2, 4), 0.5))
    jax.block_until_ready((twist, graded))
    return None
