# label: ok
# flax-error: none
# class: 3 SporeAugmenter keeps graphdef and state from nnx.split; self.state enters the fori_loop as carry, is merged in the body and nnx.state of the merged module goes back out
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
        def one_copy(i, carry):
            state, out = carry
            noiser = nnx.merge(self.graphdef, state)
            out = out.at[i].set(noiser(profile))
            return nnx.state(noiser), out

        init = (self.state, jnp.zeros((copies,) + profile.shape))
        self.state, out = fori_loop(0, copies, one_copy, init)
        return out


def main():
    sensors = 6
    noiser = SensorDropout(sensors, 0.4, rngs=nnx.Rngs(0, dropout=7))
    augmenter = SporeAugmenter(noiser)
    profile = jnp.linspace(800.0, 1400.0, sensors) / 1000.0
    copies = augmenter.augment(profile, copies=4)
    print(copies.std(0))
    return copies
