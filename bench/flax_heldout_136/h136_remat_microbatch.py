# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 Net.accumulate scans over micro-batches and calls its nn.remat-wrapped BatchNorm block; apply has no mutable=
"""Micro-batched forward pass through a rematerialised BatchNorm block, looped with a raw scan.

Modelled on memory-saving code that wraps a block in nn.remat and scans over micro-batches,
then calls apply(..., train=True) without mutable=['batch_stats'].
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.relu(x)


class Net(nn.Module):
    def setup(self):
        self.block = nn.remat(Block, static_argnums=(2,))()
        self.head = nn.Dense(2)

    def __call__(self, x, train):
        return self.head(self.block(x, train))

    def accumulate(self, micro_batches, train):
        def body(total, mb):
            out = self.head(self.block(mb, train))
            return total + out.sum(), out

        total, outs = jax.lax.scan(body, 0.0, micro_batches)
        return total, outs


def main():
    model = Net()
    micro_batches = jax.random.normal(jax.random.PRNGKey(1), (4, 8, 6))
    variables = model.init(jax.random.PRNGKey(0), micro_batches[0], False)
    total, outs = model.apply(variables, micro_batches, True, method=Net.accumulate)
    outs.block_until_ready()
    return None
