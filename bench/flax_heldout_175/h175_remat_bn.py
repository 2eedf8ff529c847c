# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat()/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 an nn.remat-wrapped block with BatchNorm is applied with the closed-over variables in the scan body
"""Gradient-checkpointed conv block run over a stream of micro-batches with lax.scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Conv(self.features, (3,))(x)
        y = nn.BatchNorm(use_running_average=not train, momentum=0.99)(y)
        return nn.relu(y).mean(axis=(0, 1))


def main():
    block = nn.remat(Block, static_argnums=(2,))()
    micro = jax.random.normal(jax.random.key(0), (5, 2, 10, 3))
    variables = block.init(jax.random.key(1), micro[0], False)

    def body(acc, x):
        feats = block.apply(variables, x, True)
        return acc + feats, feats

    acc, feats = jax.lax.scan(body, jnp.zeros((8,)), micro)
    print(acc.shape, feats.shape)
    return None


if __name__ == "__main__":
    main()
