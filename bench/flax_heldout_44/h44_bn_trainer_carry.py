# label: ok
# flax-error: none
# class: 3 Trainer stores model.apply as self.apply_fn; batch_stats are applied with mutable=['batch_stats'] and carried through the scan
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
        logits, updates = self.apply_fn(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((logits - y) ** 2), updates["batch_stats"]

    def accumulate(self, xs, ys):
        params = self.variables["params"]

        def micro_step(carry, batch):
            grad_acc, batch_stats = carry
            x, y = batch
            grads, new_stats = jax.grad(self.loss, has_aux=True)(params, batch_stats, x, y)
            return (jax.tree.map(jnp.add, grad_acc, grads), new_stats), None

        zeros = jax.tree.map(jnp.zeros_like, params)
        (grads, batch_stats), _ = jax.lax.scan(micro_step, (zeros, self.variables["batch_stats"]), (xs, ys))
        self.variables = {"params": params, "batch_stats": batch_stats}
        return grads


def main():
    cfg = TrainConfig()
    trainer = Trainer(Classifier(cfg.features), cfg)
    xs = jnp.ones((cfg.num_microbatches, cfg.batch_size, 8))
    ys = jnp.zeros((cfg.num_microbatches, cfg.batch_size, 4))
    grads = trainer.accumulate(xs, ys)
    jax.block_until_ready(grads)
    return None
