# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 make_rollout_fn(model, config) returns a closure; its lax.scan body calls model.apply(variables, x, train=True) on an nn.remat block with BatchNorm, no mutable
"""Step-function factory for a rematerialized sequence model.

`make_rollout_fn` builds the per-sequence rollout used by the trainer and the evaluator from a
config dataclass; blocks are wrapped in nn.remat to save memory on long sequences."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class RolloutConfig:
    hidden: int = 16
    depth: int = 2
    train: bool = True


class Block(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return x + nn.gelu(h)


RematBlock = nn.remat(Block, static_argnums=(2,))


class StepModel(nn.Module):
    config: RolloutConfig

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.config.hidden)(x)
        for _ in range(self.config.depth):
            x = RematBlock(self.config.hidden)(x, train)
        return nn.Dense(1)(x).squeeze(-1)


def make_rollout_fn(model: StepModel, config: RolloutConfig):
    def rollout(variables, sequence):
        def body(acc, x_t):
            y_t = model.apply(variables, x_t, train=config.train)
            return acc + y_t.sum(), y_t
        return scan(body, jnp.zeros(()), sequence)
    return rollout


def main():
    config = RolloutConfig()
    model = StepModel(config)
    sequence = jax.random.normal(jax.random.key(0), (7, 4, 5))
    variables = model.init(jax.random.key(1), sequence[0])
    rollout = make_rollout_fn(model, config)
    rollout(variables, sequence)
    return None
