# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointResBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the evaluator's checkpointed scan body calls the stored apply wrapper in train mode, so nn.remat'd BatchNorm blocks try to write immutable batch_stats
"""Evaluator for a deep remat'd residual MLP; recomputes activations per eval shard to save memory."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class ResBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Dense(self.width)(x)
        y = nn.BatchNorm(use_running_average=not train)(y)
        return x + nn.relu(y)


class DeepMLP(nn.Module):
    width: int = 16
    depth: int = 3

    @nn.compact
    def __call__(self, x, train: bool = False):
        block = nn.remat(ResBlock, static_argnums=(2,))
        for _ in range(self.depth):
            x = block(self.width)(x, train)
        return nn.Dense(1)(x)[..., 0]


class Evaluator:
    def __init__(self, model, variables, train_mode_bn=True):
        self.model = model
        self.variables = variables
        # mirrors the trainer's config: the stats are "fresh" in train mode
        self.apply_fn = functools.partial(model.apply, train=train_mode_bn)

    def evaluate(self, shards, targets):
        @jax.checkpoint
        def body(total, batch):
            x, y = batch
            pred = self.apply_fn(self.variables, x)
            return total + jnp.mean((pred - y) ** 2), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), (shards, targets))
        return total / shards.shape[0]


def main():
    model = DeepMLP()
    variables = model.init(jax.random.PRNGKey(0), jnp.zeros((4, 16)))
    shards = jax.random.normal(jax.random.PRNGKey(1), (3, 4, 16))
    Evaluator(model, variables).evaluate(shards, shards.sum(-1)).block_until_ready()
    return None
