# label: ok
# flax-error: none
# class: 4 SearchCoordinator draws one key from coordinator.receiver.model.rngs.noise() before the scan; the body folds it with the reading index
"""Avalanche beacon search: at each stop the searcher takes repeated readings of the
buried transceiver; the receiver model adds multipath noise to the field strength so the
coordinator can average it out."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FieldModel(nnx.Module):
    def __init__(self, seed: int):
        self.rngs = nnx.Rngs(params=seed, noise=seed + 1)
        self.coupling = nnx.Linear(3, 3, rngs=self.rngs)
        self.noise_scale = 0.05

    def strength(self, offset):
        return jnp.exp(-jnp.abs(self.coupling(offset)))


class Receiver:
    def __init__(self, model: FieldModel):
        self.model = model


class SearchCoordinator:
    def __init__(self, receiver: Receiver, readings: int = 6):
        self.receiver = receiver
        self.readings = readings

    def sample_stop(self, offset):
        model = self.receiver.model
        clean = model.strength(offset)
        key = model.rngs.noise()

        def read(carry, index):
            reading_key = jax.random.fold_in(key, index)
            noisy = clean + model.noise_scale * jax.random.normal(reading_key, clean.shape)
            return carry, noisy

        _, samples = jax.lax.scan(read, None, jnp.arange(self.readings))
        return samples


def main():
    coordinator = SearchCoordinator(Receiver(FieldModel(seed=3)))
    offset = jnp.array([4.0, -1.5, 0.8])  # metres east, north, depth
    return coordinator.sample_stop(offset)
