# label: same-values
# flax-error: none
# class: 1 the fermentation module's __call__ runs the fori_loop and calls self.make_rng("yeast") inside the body
"""Brewery fermentation simulator: stochastic yeast activity driving specific gravity."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class FermentationSim(nn.Module):
    days: int = 6
    noise_scale: float = 0.05

    @nn.compact
    def __call__(self, gravity):
        drift = nn.Dense(gravity.shape[-1], name="drift")
        gravity = gravity - 0.01 * drift(gravity)
        activity = jnp.zeros((self.days,) + gravity.shape)

        def day(i, carry):
            g, activity = carry
            yeast = self.noise_scale * jax.random.normal(self.make_rng("yeast"), g.shape)
            g = g - 0.02 * nn.sigmoid(drift(g)) + yeast
            return g, activity.at[i].set(yeast)

        gravity, activity = fori_loop(0, self.days, day, (gravity, activity))
        return gravity, activity


class Batch:
    def __init__(self, model, seed):
        self.model = model
        self.seed = seed

    def simulate(self, gravity):
        variables = self.model.init({"params": jax.random.key(self.seed), "yeast": jax.random.key(1)}, gravity)
        _, activity = self.model.apply(variables, gravity, rngs={"yeast": jax.random.key(self.seed + 1)})
        return activity


def main():
    gravity = jnp.full((2, 3), 1.050)
    return Batch(FermentationSim(), seed=11).simulate(gravity)
