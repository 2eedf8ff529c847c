# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 SporeAugmenter keeps graphdef and state from nnx.split; the fori_loop body merges self.state (closed over) and calls its Dropout
"""Mushroom farm CO2 control: an augmenter produces dropout-perturbed copies of a grow-room
CO2 profile so the fan controller is trained on sensor drop-outs."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class SensorDropout(nnx.Module):
    def __init__(self, sensors, rate, rngs):
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.smooth = nnx.Linear(sensors, sensors, rngs=rngs)

    def __call__(self, profile):
        return self.smooth(self.drop(profile))


class SporeAugmenter:
    def __init__(self, noiser):
        self.graphdef, self.state = nnx.split(noiser)

    def augment(self, profile, copies):
        def one_copy(i, out):
            noiser = nnx.merge(self.graphdef, self.state)
            return out.at[i].set(noiser(profile))

        return fori_loop(0, copies, one_copy, jnp.zeros((copies,) + profile.shape))


def main():
    sensors = 6
    noiser = SensorDropout(sensors, 0.4, rngs=nnx.Rngs(0, dropout=7))
    augmenter = SporeAugmenter(noiser)
    profile = jnp.linspace(800.0, 1400.0, sensors) / 1000.0
    copies = augmenter.augment(profile, copies=4)
    print(copies.std(0))
    return copies
