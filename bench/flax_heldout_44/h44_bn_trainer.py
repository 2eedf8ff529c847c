# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/MLPBlock_0/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 Trainer stores model.apply as self.apply_fn; the scan body calls it in train mode without mutable batch_stats
"""Trainer that scans over micro-batches, calling a stored apply_fn for a BatchNorm CNN."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass
class TrainConfig:
    features: int = 16
    num_microbatches: int = 4
    batch_size: int = 8


class MLPBlock(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class Classifier(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = MLPBlock(self.features)(x, train)
        return nn.Dense(4)(x)


class Trainer:
    def __init__(self, model, config):
        self.config = config
        self.apply_fn = model.apply
        sample = jnp.ones((config.batch_size, 8))
        self.variables = model.init(jax.random.key(0), sample, train=False)

    def loss(self, params, batch_stats, x, y):
        logits = self.apply_fn({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((logits - y) ** 2)

    def accumulate(self, xs, ys):
        params = self.variables["params"]
        batch_stats = self.variables["batch_stats"]

        def micro_step(grad_acc, batch):
            x, y = batch
            grads = jax.grad(self.loss)(params, batch_stats, x, y)
            return jax.tree.map(jnp.add, grad_acc, grads), None

        zeros = jax.tree.map(jnp.zeros_like, params)
        grads, _ = jax.lax.scan(micro_step, zeros, (xs, ys))
        return grads


def main():
    cfg = TrainConfig()
    trainer = Trainer(Classifier(cfg.features), cfg)
    xs = jnp.ones((cfg.num_microbatches, cfg.batch_size, 8))
    ys = jnp.zeros((cfg.num_microbatches, cfg.batch_size, 4))
    grads = trainer.accumulate(xs, ys)
    jax.block_until_ready(grads)
    return None
