# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/block/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the fori_loop body in UniversalEncoder.__call__ calls self.block, a weight-tied transition whose BatchNorm writes 'batch_stats'

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TransitionBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, train: bool):
        y = nn.Dense(self.width)(h)
        y = nn.BatchNorm(use_running_average=not train, momentum=0.9)(y)
        return h + nn.gelu(y)


class UniversalEncoder(nn.Module):
    """One transition block applied `depth` times with a per-step embedding."""

    width: int = 8
    depth: int = 4

    def setup(self):
        self.embed_in = nn.Dense(self.width)
        self.block = TransitionBlock(self.width)
        self.step_embedding = self.param(
            "step_embedding", nn.initializers.normal(0.02), (self.depth, self.width))

    def __call__(self, x, train: bool = False):
        h = self.embed_in(x)
        if self.is_initializing():
            self.block(h, train=False)

        def refine(t, h):
            return self.block(h + self.step_embedding[t], train)

        return lax.fori_loop(0, self.depth, refine, h)


def main():
    model = UniversalEncoder()
    x = jax.random.normal(jax.random.key(0), (4, 3))
    variables = model.init(jax.random.key(1), x)
    encode = functools.partial(model.apply, variables, train=True)
    h = encode(x)
    jax.block_until_ready(h)
