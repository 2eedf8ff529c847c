# label: same-values
# flax-error: none
# class: 3 the scan body calls bound.drop_path, a setup submodule of the bound model that calls make_rng('droppath')
"""Stochastic depth on a weight-tied residual stack.

The model is bound once with a 'droppath' rng and a helper function unrolls
the tied block `depth` times with scan. Each layer asks the DropPath
submodule (through the bound model) whether to keep the residual branch.
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


def run_layers(bound, x, depth):
    def body(h, _):
        delta, keep = bound.drop_path(nn.gelu(bound.block(h)))
        return h + delta, keep

    return scan(body, x, None, length=depth)


def main():
    model = TiedResNet()
    x = jax.random.normal(jax.random.key(0), (16, 8))
    variables = model.init(jax.random.key(1), x)
    bound = model.bind(variables, rngs={"droppath": jax.random.key(2)})
    h, keeps = run_layers(bound, x, depth=6)
    print("output norm", jnp.linalg.norm(h))
    print("kept fraction per layer", keeps.mean(axis=1))
    return keeps
