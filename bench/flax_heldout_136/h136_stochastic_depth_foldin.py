# label: ok
# flax-error: none
# class: 1 StochasticDepthMLP.__call__ runs lax.fori_loop over its blocks and folds the layer index into self.make_rng('droppath') in the body
"""Stochastic depth (drop-path) over a stack of residual blocks with lax.fori_loop.

The body folds the layer index into the key from make_rng, so each layer draws its own mask.
Returns the per-layer keep masks.
"""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class StochasticDepthMLP(nn.Module):
    depth: int = 6
    width: int = 16
    survival: float = 0.7

    @nn.compact
    def __call__(self, x):
        w = self.param('w', nn.initializers.lecun_normal(), (self.depth, self.width, self.width))
        b = self.param('b', nn.initializers.zeros, (self.depth, self.width))
        x = nn.Dense(self.width)(x)
        masks = jnp.zeros((self.depth, x.shape[0]))

        def block(i, carry):
            x, masks = carry
            keep = jax.random.bernoulli(jax.random.fold_in(self.make_rng('droppath'), i), self.survival, (x.shape[0],))
            y = nn.gelu(x @ w[i] + b[i])
            x = jnp.where(keep[:, None], x + y / self.survival, x)
            return x, masks.at[i].set(keep.astype(jnp.float32))

        x, masks = lax.fori_loop(0, self.depth, block, (x, masks))
        return nn.Dense(1)(x), masks


def main():
    model = StochasticDepthMLP()
    x = jnp.ones((8, 5))
    variables = model.init({'params': jax.random.PRNGKey(0), 'droppath': jax.random.PRNGKey(1)}, x)
    out, masks = model.apply(variables, x, rngs={'droppath': jax.random.PRNGKey(2)})
    return masks
