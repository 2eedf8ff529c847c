# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointResBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the batch_stats of a weight-tied nn.remat(ResBlock) are written from the scan body of DeepTied.__call__
"""Weight-tied deep residual net (one block applied `depth` times) with rematerialisation to
save memory; the repeated block is stepped with lax.scan. Evaluated on a batch with train=True."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class ResBlock(nn.Module):
    train: bool

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(x.shape[-1])(x)
        h = nn.BatchNorm(use_running_average=not self.train)(h)
        return x + nn.relu(h)


class DeepTied(nn.Module):
    depth: int = 4
    width: int = 16

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.width)(x)
        block = nn.remat(ResBlock)(train=train)
        if self.is_initializing():
            block(x)

        def body(h, _):
            return block(h), None

        x, _ = lax.scan(body, x, None, length=self.depth)
        return nn.Dense(1)(x)


def main():
    model = DeepTied()
    x = jax.random.normal(jax.random.key(0), (8, 5))
    variables = model.init(jax.random.key(1), x, train=True)
    out = model.apply(variables, x, train=True)
    print(out.shape)
    return None
