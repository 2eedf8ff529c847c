# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body is jax.checkpoint(block) where block calls model.block, an NNX wrapper that applies a Linen BatchNorm with its variables
"""An NNX model that reuses a Linen BatchNorm block (hand-wrapped, variables kept on the NNX
module) applied repeatedly inside a raw lax.scan whose body is wrapped in jax.checkpoint.

Shape of the reports: mixing Linen and NNX by hand; the wrapper calls `linen.apply` with the
stored variables but no `mutable=['batch_stats']`, and BatchNorm is in training mode.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx


class LinenBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.features)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x + nn.relu(h)


class WrappedBlock(nnx.Module):
    def __init__(self, features, sample):
        self.linen = LinenBlock(features)
        self.variables = nnx.data(self.linen.init(jax.random.key(0), sample, train=False))

    def __call__(self, x):
        return self.linen.apply(self.variables, x, train=True)


class Model(nnx.Module):
    def __init__(self, features, rngs: nnx.Rngs):
        self.inp = nnx.Linear(3, features, rngs=rngs)
        self.block = WrappedBlock(features, jnp.zeros((1, features)))
        self.head = nnx.Linear(features, 1, rngs=rngs)


def main():
    model = Model(8, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (16, 3))
    block = jax.checkpoint(lambda h: model.block(h))

    def body(h, _):
        return block(h), None

    h, _ = jax.lax.scan(body, model.inp(x), None, length=3)
    print(model.head(h).mean())
    return None
