# label: ok
# flax-error: none
# class: 2 Linen module calls its shared Block submodule once before the raw lax.scan in __call__, so init creates the params outside the scan trace
"""A recurrent refinement stack: one shared block is applied repeatedly with a raw
lax.scan inside the module's __call__ (weights shared across iterations)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    features: int

    @nn.compact
    def __call__(self, h):
        return h + nn.Dense(self.features)(nn.gelu(nn.LayerNorm()(h)))


class RefineStack(nn.Module):
    features: int = 6
    iterations: int = 3

    @nn.compact
    def __call__(self, x):
        block = Block(self.features, name="shared_block")
        x = block(x)  # first iteration outside the loop creates the parameters

        def body(h, _):
            return block(h), None

        h, _ = jax.lax.scan(body, x, None, length=self.iterations - 1)
        return h


class Builder:
    def __init__(self, model):
        self.model = model

    def build(self, sample):
        return self.model.init(jax.random.PRNGKey(0), sample)


def main():
    model = RefineStack()
    x = jnp.ones((2, 6))
    variables = Builder(model).build(x)
    model.apply(variables, x)
    return None
