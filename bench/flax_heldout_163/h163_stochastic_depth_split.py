# label: ok
# flax-error: none
# class: 3 the scan body calls bound.drop_path, a setup submodule of the bound model, with a key split from the carry
"""Stochastic depth on a weight-tied residual stack.

The model is bound once and a helper function unrolls the tied block `depth`
times with scan. The drop-path key travels in the scan carry and is split at
every layer before it is handed to the DropPath submodule.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DropPath(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, key=None):
        if key is None:
            key = self.make_rng("droppath")
        keep = jax.random.bernoulli(key, 1.0 - self.rate, (x.shape[0], 1))
        return jnp.where(keep, x / (1.0 - self.rate), 0.0), keep[:, 0]


class TiedResNet(nn.Module):
    width: int = 8

    def setup(self):
        self.block = nn.Dense(self.width)
        self.drop_path = DropPath(0.3)

    def __call__(self, x):
        return self.block(x)


def run_layers(bound, x, key, depth):
    def body(carry, _):
        h, key = carry
        key, sub = jax.random.split(key)
        delta, keep = bound.drop_path(nn.gelu(bound.block(h)), key=sub)
        return (h + delta, key), keep

    (h, _), keeps = scan(body, (x, key), None, length=depth)
    return h, keeps


def main():
    model = TiedResNet()
    x = jax.random.normal(jax.random.key(0), (16, 8))
    variables = model.init(jax.random.key(1), x)
    bound = model.bind(variables)
    h, keeps = run_layers(bound, x, jax.random.key(2), depth=6)
    print("output norm", jnp.linalg.norm(h))
    print("kept fraction per layer", keeps.mean(axis=1))
    return keeps
