# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body merges rollout.graphdef with rollout.params and the carried memory, and puts the merged memory state into rollout.snapshots
"""Radar nowcasting with a recurrent memory: warm the memory on recent frames, then issue the next forecast."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Memory(nnx.Variable):
    pass


class RecurrentNowcaster(nnx.Module):
    def __init__(self, cells: int, *, rngs: nnx.Rngs):
        self.update_gate = nnx.Linear(cells, cells, rngs=rngs)
        self.readout = nnx.Linear(cells, cells, rngs=rngs)
        self.memory = Memory(jnp.zeros((cells,)))

    def __call__(self, frame):
        h = jnp.tanh(self.update_gate(frame) + self.memory[...])
        self.memory[...] = h
        return nnx.relu(self.readout(h))


class SnapshotStore:
    def __init__(self):
        self._items = {}

    def put(self, key, value):
        self._items[key] = value

    def get(self, key):
        return self._items[key]


class Rollout:
    def __init__(self, model: RecurrentNowcaster):
        self.model = model
        self.graphdef, self.params, _ = nnx.split(model, nnx.Param, Memory)
        self.snapshots = SnapshotStore()

    def warm(self, frames):
        def absorb(memory, frame):
            m = nnx.merge(self.graphdef, self.params, memory)
            pred = m(frame)
            new_memory = nnx.state(m, Memory)
            self.snapshots.put("memory", new_memory)
            return new_memory, pred

        _, preds = scan(absorb, nnx.state(self.model, Memory), frames)
        nnx.update(self.model, self.snapshots.get("memory"))
        return preds

    def next_frame(self, latest):
        return self.model(latest)


def main():
    cells = 6
    frames = jnp.abs(jnp.sin(jnp.arange(4 * cells, dtype=jnp.float32))).reshape(4, cells)
    rollout = Rollout(RecurrentNowcaster(cells, rngs=nnx.Rngs(0)))
    preds = rollout.warm(frames)
    forecast = rollout.next_frame(frames[-1])
    jax.block_until_ready((preds, forecast))
    return None
