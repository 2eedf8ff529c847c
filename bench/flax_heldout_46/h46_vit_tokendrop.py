# label: same-values
# flax-error: none
# class: 1 rng drawn with self.make_rng inside a closure body that @nn.compact hands to jax.lax.scan over depth
"""ViT encoder with stochastic token dropping per layer (random token subsets, as in token-drop ViTs)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class TokenDropEncoder(nn.Module):
    depth: int = 4
    keep_ratio: float = 0.5
    width: int = 16

    @nn.compact
    def __call__(self, tokens, train: bool = True):
        mlp = nn.Dense(self.width, name="shared_mlp")
        tokens = mlp(tokens)  # create params outside the loop

        def layer(h, _):
            rng = self.make_rng("tokendrop")
            keep = jax.random.bernoulli(rng, self.keep_ratio, h.shape[:-1])
            h = h + keep[..., None] * nn.gelu(mlp(h))
            return h, keep

        tokens, masks = jax.lax.scan(layer, tokens, None, length=self.depth)
        return tokens, masks


def main():
    model = TokenDropEncoder()
    x = jnp.ones((2, 10, 16))
    variables = model.init({"params": jax.random.key(0), "tokendrop": jax.random.key(1)}, x)
    _, masks = model.apply(variables, x, rngs={"tokendrop": jax.random.key(2)})
    return masks
