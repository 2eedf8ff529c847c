# label: ok
# flax-error: none
# class: 3 per-layer params and batch_stats are the xs of a top-level jax.lax.scan; new stats leave as ys
"""The same shared-depth idea written outside the module: the block's variables are stacked per
layer, scanned as xs, each layer's apply runs with mutable=['batch_stats'] and the new stats come
back as ys."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Dense(self.features)(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return x + nn.gelu(y)


def main():
    depth = 4
    block = Block(8)
    x = jnp.ones((4, 8))
    keys = jax.random.split(jax.random.PRNGKey(0), depth)
    stacked = jax.vmap(lambda k: block.init(k, x, train=False))(keys)

    def layer(h, layer_vars):
        h, updates = block.apply(layer_vars, h, train=True, mutable=["batch_stats"])
        return h, updates["batch_stats"]

    out, new_stats = jax.lax.scan(layer, x, stacked)
    stacked = {"params": stacked["params"], "batch_stats": new_stats}
    jax.lax.scan(lambda h, v: (block.apply(v, h, train=False), None), x, stacked)
