# label: ok
# flax-error: none
# class: 4 a ReefSurveyor's McAdapter builds nnx.Rngs(dropout=...) for the wrapped model from the base key with the step folded in, in each fori_loop step
"""Kelp forest monitoring: Monte Carlo dropout estimate of kelp stipe density on a
reef plot, through an adapter that hands the dropout key to the model."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class StipeDensity(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, plot, *, rngs=None):
        h = self.drop(nnx.relu(self.hidden(plot)), rngs=rngs)
        return nnx.softplus(self.out(h))[..., 0]


class McAdapter:
    def __init__(self, model):
        self.model = model

    def sample(self, plot, key):
        return self.model(plot, rngs=nnx.Rngs(dropout=key))


class ReefSurveyor:
    def __init__(self, adapter: McAdapter, samples: int):
        self.adapter = adapter
        self.samples = samples

    def density_samples(self, plot, key):
        def body(i, out):
            return out.at[i].set(self.adapter.sample(plot, jax.random.fold_in(key, i)))

        return fori_loop(0, self.samples, body, jnp.zeros((self.samples,)))


def main():
    surveyor = ReefSurveyor(McAdapter(StipeDensity(nnx.Rngs(0))), samples=6)
    plot = jnp.array([12.0, 0.4, 7.5, 0.8]) / 10.0  # depth, urchins, visibility, substrate
    return surveyor.density_samples(plot, jax.random.key(17))
