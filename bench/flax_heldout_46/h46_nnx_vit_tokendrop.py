# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 module method self.layer (drawing from the module's own nnx.Rngs stream) passed to jax.lax.scan over depth
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

    def layer(self, h, _):
        keep = jax.random.bernoulli(self.rngs.tokendrop(), self.keep_ratio, h.shape[:-1])
        h = h + keep[..., None] * nnx.gelu(self.mlp(self.norm(h)))
        return h, keep

    def __call__(self, tokens):
        tokens, masks = jax.lax.scan(self.layer, tokens, None, length=self.depth)
        return tokens, masks


def main():
    model = TokenDropViT(16, 4, 0.5, rngs=nnx.Rngs(params=0, tokendrop=1))
    model(jnp.ones((2, 10, 16)))
    return None
