# label: ok
# flax-error: none
# class: 5 make_sensing_step(graphdef) is a factory returning a step that merges the detector's nnx.split state taken from the scan carry and hands the new state back
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


def make_sensing_step(graphdef):
    def step(carry, psd):
        state, busy_slots = carry
        detector = nnx.merge(graphdef, state)
        occupancy = detector(psd)
        return (nnx.state(detector), busy_slots + (occupancy > 0.5)), occupancy

    return step


class SensingFrontEnd:
    def __init__(self, detector, channels):
        self.detector = detector
        self.graphdef, _ = nnx.split(detector)
        self.step = make_sensing_step(self.graphdef)
        self.channels = channels

    def sense(self, psd, slots):
        sweeps = jnp.broadcast_to(psd, (slots,) + psd.shape)
        init = (nnx.state(self.detector), jnp.zeros(self.channels, jnp.int32))
        (state, busy), occupancy = scan(self.step, init, sweeps)
        nnx.update(self.detector, state)
        return occupancy


def main():
    detector = OccupancyDetector(bins=40, channels=5, rngs=nnx.Rngs(params=0, dropout=1))
    psd = jax.random.uniform(jax.random.key(4), (40,))
    return SensingFrontEnd(detector, channels=5).sense(psd, slots=6)
