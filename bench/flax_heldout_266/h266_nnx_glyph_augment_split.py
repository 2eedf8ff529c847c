# label: ok
# flax-error: none
# class: 1 GlyphAugmenter.views runs the scan itself; dropout keys are split from the module's own self.rngs before the loop and scanned as xs into self.drop
"""OCR post-correction training data: noisy views of an embedded glyph line."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class GlyphAugmenter(nnx.Module):
    def __init__(self, width: int, rate: float, rngs: nnx.Rngs):
        self.embed = nnx.Linear(width, width, rngs=rngs)
        self.drop = nnx.Dropout(rate)
        self.rngs = rngs

    def __call__(self, line):
        return self.embed(line)

    def views(self, line, n_views: int):
        feats = self.embed(line)
        keys = jax.random.split(self.rngs.dropout(), n_views)

        def one_view(carry, key):
            return carry, self.drop(feats, rngs=key)

        _, out = lax.scan(one_view, None, keys)
        return out


def main():
    line = jnp.linspace(-1.0, 1.0, 6)
    augmenter = GlyphAugmenter(6, 0.4, nnx.Rngs(params=0, dropout=5))
    return augmenter.views(line, n_views=4)
