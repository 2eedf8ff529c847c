# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local nnx.Rngs 'rngs' in simulate_starter goes into the scan body directly and is called as rngs.yeast() at every feeding
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

    def feeding(culture, flour):
        activity = 0.2 * jax.random.normal(rngs.yeast(), culture.shape)
        culture = model(culture + activity, flour)
        return culture, activity

    _, activity = jax.lax.scan(feeding, jnp.ones((3,)), flour_schedule)
    return activity


def main():
    model = FermentationModel(nnx.Rngs(params=0))
    flour_schedule = jnp.array([1.0, 0.5, 1.0, 0.5, 1.0, 0.5, 1.0])
    return simulate_starter(model, flour_schedule, seed=21)
