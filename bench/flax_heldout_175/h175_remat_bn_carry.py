# label: ok
# flax-error: none
# class: 5 an nn.remat-wrapped block with BatchNorm is applied in the scan body with batch_stats in the carry
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
    params = variables["params"]

    def body(carry, x):
        acc, batch_stats = carry
        feats, updates = block.apply(
            {"params": params, "batch_stats": batch_stats}, x, True, mutable=["batch_stats"]
        )
        return (acc + feats, updates["batch_stats"]), feats

    (acc, batch_stats), feats = jax.lax.scan(
        body, (jnp.zeros((8,)), variables["batch_stats"]), micro
    )
    print(acc.shape, feats.shape)
    return None


if __name__ == "__main__":
    main()
