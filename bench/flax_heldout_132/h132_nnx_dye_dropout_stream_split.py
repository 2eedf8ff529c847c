# label: ok
# flax-error: none
# class: 3 the matcher's nnx.Rngs stream (self.rngs) is drawn once and split before the scan; each scanned key feeds the model's Dropout
"""Shade matcher for a dye house: samples plausible shades for a recipe with MC dropout."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ShadeNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(3, 8, rngs=rngs)
        self.dropout = nnx.Dropout(0.4, rngs=rngs)
        self.out = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, recipe, rngs=None):
        return self.out(self.dropout(nnx.gelu(self.proj(recipe)), rngs=rngs))


class ShadeMatcher:
    def __init__(self, model, seed=0, num_samples=6):
        self.model = model
        self.rngs = nnx.Rngs(dropout=seed)
        self.num_samples = num_samples

    def sample_shades(self, recipe):
        keys = jax.random.split(self.rngs.dropout(), self.num_samples)

        def body(carry, key):
            return carry, self.model(recipe, rngs=nnx.Rngs(dropout=key))

        _, shades = lax.scan(body, None, keys)
        return shades


def main():
    recipe = jnp.array([[0.6, 0.1, 0.3], [0.2, 0.7, 0.1]])  # indigo, madder, weld fractions
    matcher = ShadeMatcher(ShadeNet(nnx.Rngs(params=0, dropout=1)), seed=5)
    return matcher.sample_shades(recipe)
