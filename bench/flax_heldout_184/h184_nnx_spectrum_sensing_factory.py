# label: same-values
# flax-error: none
# class: 5 make_sensing_step(model) is a factory returning a step that closes over the model's nnx.split state and merges a copy of it at every scan step
"""Cognitive-radio spectrum sensing: a detector with dropout estimates channel
occupancy; the sensing loop is built by a factory so that the radio front end can
swap detectors, and it samples the detector once per sensing slot."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class OccupancyDetector(nnx.Module):
    def __init__(self, bins, channels, rngs):
        self.fold = nnx.Linear(bins, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.head = nnx.Linear(32, channels, rngs=rngs)

    def __call__(self, psd):
        return nnx.sigmoid(self.head(self.drop(nnx.relu(self.fold(psd)))))


def make_sensing_step(model):
    graphdef, state = nnx.split(model)

    def step(busy_slots, psd):
        detector = nnx.merge(graphdef, state, copy=True)
        occupancy = detector(psd)
        return busy_slots + (occupancy > 0.5), occupancy

    return step


class SensingFrontEnd:
    def __init__(self, detector, channels):
        self.step = make_sensing_step(detector)
        self.channels = channels

    def sense(self, psd, slots):
        sweeps = jnp.broadcast_to(psd, (slots,) + psd.shape)
        busy, occupancy = scan(self.step, jnp.zeros(self.channels, jnp.int32), sweeps)
        return occupancy


def main():
    detector = OccupancyDetector(bins=40, channels=5, rngs=nnx.Rngs(params=0, dropout=1))
    psd = jax.random.uniform(jax.random.key(4), (40,))
    return SensingFrontEnd(detector, channels=5).sense(psd, slots=6)
