# label: same-values
# flax-error: none
# class: 5 a layer-step factory receives a closure over self.make_rng('droppath') and the step it builds calls it inside fori_loop
import functools

import flax.linen as linen
import jax
import jax.numpy as jnp
from jax.lax import fori_loop as unrolled_layers


def drop_path(branch, rate, key):
    """Stochastic depth: drop the whole residual branch per example."""
    keep_prob = 1.0 - rate
    mask = jax.random.bernoulli(key, keep_prob, (branch.shape[0],) + (1,) * (branch.ndim - 1))
    return jnp.where(mask, branch / keep_prob, 0.0), mask[:, 0].astype(jnp.float32)


def make_layer_step(block, next_key, rate):
    def layer_step(i, carry):
        h, kept_log = carry
        out, kept = drop_path(block(h), rate, next_key())
        return h + out, kept_log.at[i].set(kept)

    return layer_step


class ResidualMLP(linen.Module):
    width: int = 16

    @linen.compact
    def __call__(self, h):
        h = linen.LayerNorm()(h)
        h = linen.gelu(linen.Dense(self.width * 2)(h))
        return linen.Dense(self.width)(h)


class TiedDepthNet(linen.Module):
    width: int = 16
    depth: int = 6
    drop_rate: float = 0.5

    def setup(self):
        self.stem = linen.Dense(self.width)
        self.block = ResidualMLP(self.width)
        self.head = linen.Dense(3)

    def __call__(self, x, train: bool = True):
        h = self.stem(x)
        h = h + self.block(h)  # layer 0 is never dropped
        kept = jnp.ones((self.depth - 1, x.shape[0]))
        if not train:
            h = unrolled_layers(0, self.depth - 1, lambda i, h: h + self.block(h), h)
            return self.head(h), kept
        step = make_layer_step(self.block, functools.partial(self.make_rng, "droppath"), self.drop_rate)
        h, kept = unrolled_layers(0, self.depth - 1, step, (h, kept))
        return self.head(h), kept


def main():
    net = TiedDepthNet()
    x = jax.random.normal(jax.random.key(0), (8, 5))
    variables = net.init({"params": jax.random.key(1)}, x, train=False)
    logits, kept = net.apply(variables, x, rngs={"droppath": jax.random.key(2)})
    jax.block_until_ready(logits)
    return kept
