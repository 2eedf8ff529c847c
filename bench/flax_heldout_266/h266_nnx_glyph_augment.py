# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 GlyphAugmenter.views runs the scan itself and its body hands the module's own self.rngs to self.drop, which draws from the stream
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

        def one_view(carry, _):
            return carry, self.drop(feats, rngs=self.rngs)

        _, out = lax.scan(one_view, None, None, length=n_views)
        return out


def main():
    line = jnp.linspace(-1.0, 1.0, 6)
    augmenter = GlyphAugmenter(6, 0.4, nnx.Rngs(params=0, dropout=5))
    return augmenter.views(line, n_views=4)
