# label: ok
# flax-error: none
# class: 1 one make_rng before jax.lax.scan, folded in with the layer index inside the closure body
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
        base_rng = self.make_rng("tokendrop")

        def layer(h, i):
            rng = jax.random.fold_in(base_rng, i)
            keep = jax.random.bernoulli(rng, self.keep_ratio, h.shape[:-1])
            h = h + keep[..., None] * nn.gelu(mlp(h))
            return h, keep

        tokens, masks = jax.lax.scan(layer, tokens, jnp.arange(self.depth))
        return tokens, masks


def main():
    model = TokenDropEncoder()
    x = jnp.ones((2, 10, 16))
    variables = model.init({"params": jax.random.key(0), "tokendrop": jax.random.key(1)}, x)
    _, masks = model.apply(variables, x, rngs={"tokendrop": jax.random.key(2)})
    return masks
