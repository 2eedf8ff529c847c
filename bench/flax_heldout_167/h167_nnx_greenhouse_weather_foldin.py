# label: ok
# flax-error: none
# class: 3 the WeatherGenerator keeps its key in self.seed, a SeedState Variable subclass; the fori_loop body reads gen.seed[...] and folds in the day
"""Greenhouse climate control: a stochastic weather generator produces the
week's outside conditions that the vent controller is tested against."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class SeedState(nnx.Variable):
    """A PRNG key kept on the module, saved with its checkpoints."""


class WeatherGenerator(nnx.Module):
    def __init__(self, seed, rngs: nnx.Rngs):
        self.seed = SeedState(jax.random.key(seed))
        self.mix = nnx.Linear(3, 3, rngs=rngs)

    def conditions(self, z):
        base = jnp.array([18.0, 0.6, 250.0])  # degrees C, relative humidity, W/m2
        return base * (1.0 + 0.1 * jnp.tanh(self.mix(z)))


def simulate_week(gen: WeatherGenerator, n_days=7):
    def body(day, log):
        key = jax.random.fold_in(gen.seed[...], day)
        z = jax.random.normal(key, (3,))
        return log.at[day].set(gen.conditions(z))

    return lax.fori_loop(0, n_days, body, jnp.zeros((n_days, 3)))


def main():
    gen = WeatherGenerator(seed=4, rngs=nnx.Rngs(params=0))
    return simulate_week(gen)
