# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a jax.checkpoint-wrapped fori_loop body calls RoomAdapter.predict, whose head_for builds a room head with a factory on first use and caches it on the adapter
"""Mushroom farm climate control: a shared backbone with per-grow-room heads swapped in on demand."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class ClimateModel(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.backbone = nnx.Linear(n_sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 2, rngs=rngs)

    def features(self, x):
        return nnx.silu(self.backbone(x))

    def __call__(self, x):
        return self.head(self.features(x))


def make_room_head(n_in: int, n_out: int, seed: int = 7):
    return nnx.Linear(n_in, n_out, rngs=nnx.Rngs(seed))


class RoomAdapter:
    """Model surgery on demand: each grow room gets its own head over the shared backbone."""

    def __init__(self, model: ClimateModel, head_factory):
        self.model = model
        self.head_factory = head_factory
        self.heads = {}

    def head_for(self, room: str):
        if room not in self.heads:
            self.heads[room] = self.head_factory(16, 2)
        return self.heads[room]

    def predict(self, room: str, readings):
        return self.head_for(room)(self.model.features(readings))


def main():
    model = ClimateModel(n_sensors=5, rngs=nnx.Rngs(0))
    adapter = RoomAdapter(model, make_room_head)
    readings = jax.random.normal(jax.random.key(1), (6, 4, 5))

    @jax.checkpoint
    def step(i, humidity):
        setpoints = adapter.predict("room_b", readings[i])
        return humidity + 0.05 * (setpoints[:, 0].mean() - humidity)

    fori_loop(0, readings.shape[0], step, jnp.float32(0.8))
    adapter.predict("room_b", readings[0]).block_until_ready()
    return None
