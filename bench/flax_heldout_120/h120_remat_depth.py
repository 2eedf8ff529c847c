# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body calls an nn.remat-wrapped block (with a training-mode BatchNorm) held by the model
"""A depth-recurrent network: one rematerialised block applied N times with jax.lax.scan.

Modelled on memory-saving reports where a block is wrapped with `nn.remat`, shared across
depth with a raw scan, and the model is applied for training without `mutable`.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Block(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, h):
        y = nn.Dense(self.features)(h)
        y = nn.BatchNorm(use_running_average=False)(y)
        return h + nn.relu(y)


RematBlock = nn.remat(Block)


class DepthRecurrent(nn.Module):
    depth: int = 4

    def setup(self):
        self.embed = nn.Dense(8)
        self.block = RematBlock()
        self.head = nn.Dense(2)

    def __call__(self, x):
        h = self.embed(x)
        if self.is_initializing():
            return self.head(self.block(h))

        def layer(h, _):
            return self.block(h), None

        h, _ = jax.lax.scan(layer, h, None, length=self.depth)
        return self.head(h)


def main():
    model = DepthRecurrent()
    x = jax.random.normal(jax.random.key(0), (6, 5))
    variables = model.init(jax.random.key(1), x)
    loss = jnp.mean(model.apply(variables, x) ** 2)
    jax.block_until_ready(loss)
    return None
