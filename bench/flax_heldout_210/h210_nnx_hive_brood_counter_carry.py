# label: ok
# flax-error: none
# class: 1 BroodModel.forecast runs the scan itself: it splits itself, carries the state (FrameCount included) through the scan, merges it in the body and updates itself after the loop
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
        graphdef, state = nnx.split(self)

        def inspect(carry, frame):
            total, state = carry
            model = nnx.merge(graphdef, state)
            brood = model(frame)
            return (total + brood.sum(), nnx.state(model)), brood

        (total, state), per_frame = jax.lax.scan(inspect, (jnp.zeros(()), state), frames)
        nnx.update(self, state)
        return total, per_frame


def main():
    frames = jax.random.uniform(jax.random.key(0), (10, 4, 6))  # inspections x hives x sensors
    model = BroodModel(6, 12, rngs=nnx.Rngs(0))
    model.forecast(frames)
    assert int(model.frames_seen[...]) == 40
    return None
