# label: ok
# flax-error: none
# class: 2 the local nnx.Rngs 'rngs' in simulate_starter is drawn once before the scan and split into per-feeding keys that enter the body as xs
"""Sourdough starter simulation: a learned fermentation model advances the culture state after
every feeding, with stochastic yeast activity; the per-feeding activity draws are returned."""
import jax
import jax.numpy as jnp
from flax import nnx


class FermentationModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mix = nnx.Linear(4, 8, rngs=rngs)
        self.rise = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, culture, flour):
        h = nnx.tanh(self.mix(jnp.concatenate([culture, flour[None]])))
        return culture + 0.1 * self.rise(h)


def simulate_starter(model, flour_schedule, seed):
    rngs = nnx.Rngs(yeast=seed)
    keys = jax.random.split(rngs.yeast(), flour_schedule.shape[0])

    def feeding(culture, inputs):
        flour, key = inputs
        activity = 0.2 * jax.random.normal(key, culture.shape)
        culture = model(culture + activity, flour)
        return culture, activity

    _, activity = jax.lax.scan(feeding, jnp.ones((3,)), (flour_schedule, keys))
    return activity


def main():
    model = FermentationModel(nnx.Rngs(params=0))
    flour_schedule = jnp.array([1.0, 0.5, 1.0, 0.5, 1.0, 0.5, 1.0])
    return simulate_starter(model, flour_schedule, seed=21)
