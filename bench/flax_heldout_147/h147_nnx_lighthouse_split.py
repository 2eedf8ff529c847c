# label: ok
# flax-error: none
# class: 5 Keeper stores functools.partial(model.flicker) and one key drawn from the nnx.Rngs 'flicker' stream; the fori_loop body calls self.beam(x, rngs=keys[i]) with the key split once per night sample
"""Lighthouse maintenance: simulated lamp-flicker intensities for a failing rotation motor."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class BeamModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.optics = nnx.Linear(3, 3, rngs=rngs)
        self.dropout = nnx.Dropout(0.4)

    def flicker(self, lamp_state, *, rngs):
        return nnx.relu(self.optics(self.dropout(lamp_state, rngs=rngs)))


class Keeper:
    def __init__(self, model: BeamModel, rngs: nnx.Rngs):
        self.beam = functools.partial(model.flicker)
        self.key = rngs.flicker()

    def night(self, lamp_state, n_samples):
        keys = jax.random.split(self.key, n_samples)

        def body(i, buf):
            return buf.at[i].set(self.beam(lamp_state, rngs=keys[i]))

        return jax.lax.fori_loop(0, n_samples, body, jnp.zeros((n_samples, 3)))


def main():
    model = BeamModel(nnx.Rngs(0))
    keeper = Keeper(model, nnx.Rngs(flicker=11))
    lamp = jnp.array([1.0, 0.8, 0.6])  # voltage, rotation speed, lens temperature (scaled)
    return keeper.night(lamp, n_samples=12)
