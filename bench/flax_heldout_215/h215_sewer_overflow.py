# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointSurchargeBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 jax.checkpoint(functools.partial(model.apply, variables, train=True)) built by OverflowSimulator and called in the scan body
"""Combined sewer overflow risk during a storm, with rematerialized blocks.

The hydraulic surrogate stacks rematerialized residual blocks (nn.remat) to keep memory low on
long storms; the simulator additionally wraps the whole apply in jax.checkpoint before scanning
over the rainfall time series.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class SurchargeBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, train: bool):
        y = nn.Dense(self.width)(h)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return h + nn.relu(y)


class OverflowSurrogate(nn.Module):
    width: int = 8
    depth: int = 2

    @nn.compact
    def __call__(self, level, rain, train: bool = False):
        h = nn.Dense(self.width)(jnp.concatenate([level[..., None], rain], axis=-1))
        block = nn.remat(SurchargeBlock, static_argnums=(2,))
        for _ in range(self.depth):
            h = block(self.width)(h, train)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


class OverflowSimulator:
    def __init__(self, model, variables, weir_height=2.5):
        self.weir_height = weir_height
        self.level_fn = jax.checkpoint(functools.partial(model.apply, variables, train=True))

    def storm(self, level0, rainfall):
        def tick(level, rain):
            level = 0.7 * level + self.level_fn(level, rain)
            return level, (level > self.weir_height).astype(jnp.float32)

        return jax.lax.scan(tick, level0, rainfall)


def main():
    chambers, ticks = 3, 14
    rain = jnp.exp(-((jnp.arange(ticks, dtype=jnp.float32) - 6.0) ** 2) / 8.0)
    rainfall = jnp.stack([rain, rain ** 2], axis=-1)[:, None, :] * jnp.ones((ticks, chambers, 2))
    level0 = jnp.array([0.4, 1.1, 0.8])
    model = OverflowSurrogate()
    variables = model.init(jax.random.key(0), level0, rainfall[0])
    level, overflow = OverflowSimulator(model, variables).storm(level0, rainfall)
    jax.block_until_ready(overflow)
    return None
