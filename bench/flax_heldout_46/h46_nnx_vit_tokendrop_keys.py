# label: ok
# flax-error: none
# class: 2 module method self.layer passed to jax.lax.scan over depth; per-layer keys split from nnx.Rngs before the loop, fed as xs
"""NNX ViT encoder that randomly drops tokens at every layer (token-drop training)."""
import jax
import jax.numpy as jnp
from flax import nnx


class TokenDropViT(nnx.Module):
    def __init__(self, dim: int, depth: int, keep_ratio: float, *, rngs: nnx.Rngs):
        self.depth = depth
        self.keep_ratio = keep_ratio
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.mlp = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def layer(self, h, key):
        keep = jax.random.bernoulli(key, self.keep_ratio, h.shape[:-1])
        h = h + keep[..., None] * nnx.gelu(self.mlp(self.norm(h)))
        return h, keep

    def __call__(self, tokens):
        keys = jax.random.split(self.rngs.tokendrop(), self.depth)
        tokens, masks = jax.lax.scan(self.layer, tokens, keys)
        return tokens, masks


def main():
    model = TokenDropViT(16, 4, 0.5, rngs=nnx.Rngs(params=0, tokendrop=1))
    model(jnp.ones((2, 10, 16)))
    return None
