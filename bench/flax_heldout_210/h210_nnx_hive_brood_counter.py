# label: trace-context
# flax-error: TraceContextError: Cannot mutate FrameCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 BroodModel.forecast runs the scan itself and calls self in the body, which increments its FrameCount variable (an nnx.Variable subclass)
"""Beekeeping: forecast brood area frame by frame and count the inspected frames."""
import jax
import jax.numpy as jnp
from flax import nnx


class FrameCount(nnx.Variable):
    """How many comb frames the model has scored since it was loaded."""


class BroodModel(nnx.Module):
    def __init__(self, sensors: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(sensors, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)
        self.frames_seen = FrameCount(jnp.zeros((), jnp.int32))

    def __call__(self, frame):
        self.frames_seen[...] += frame.shape[0]
        return nnx.sigmoid(self.head(nnx.relu(self.encode(frame))))[..., 0]

    def forecast(self, frames):
        def inspect(total, frame):
            brood = self(frame)
            return total + brood.sum(), brood

        total, per_frame = jax.lax.scan(inspect, jnp.zeros(()), frames)
        return total, per_frame


def main():
    frames = jax.random.uniform(jax.random.key(0), (10, 4, 6))  # inspections x hives x sensors
    model = BroodModel(6, 12, rngs=nnx.Rngs(0))
    model.forecast(frames)
    return None
