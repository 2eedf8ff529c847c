# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a Trainer subclass overrides compute_loss, which calls self.model.apply; the scan body in the base class calls the hook
"""Trainer base class with hook methods; the BatchNorm subclass accumulates gradients over
micro-batches with a lax.scan in the base class."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


@dataclass(frozen=True)
class TrainConfig:
    lr: float = 1e-2
    micro_batches: int = 4
    batch: int = 8
    features: int = 16


class MLPBN(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


class Trainer:
    """Subclasses override compute_loss; on_step is an optional hook."""

    def __init__(self, model, config: TrainConfig):
        self.model = model
        self.config = config
        self.tx = optax.sgd(config.lr)

    def compute_loss(self, params, batch_stats, batch):
        raise NotImplementedError

    def on_step(self, loss):
        return loss

    def accumulate_grads(self, params, batch_stats, micro):
        def body(acc, batch):
            loss, grads = jax.value_and_grad(self.compute_loss)(params, batch_stats, batch)
            loss = self.on_step(loss)
            return jax.tree.map(jnp.add, acc, grads), loss

        zeros = jax.tree.map(jnp.zeros_like, params)
        grads, losses = jax.lax.scan(body, zeros, micro)
        n = self.config.micro_batches
        return jax.tree.map(lambda g: g / n, grads), losses

    def train_step(self, variables, opt_state, micro):
        grads, losses = self.accumulate_grads(variables["params"], variables["batch_stats"], micro)
        updates, opt_state = self.tx.update(grads, opt_state, variables["params"])
        params = optax.apply_updates(variables["params"], updates)
        return {**variables, "params": params}, opt_state, losses.mean()


class BNTrainer(Trainer):
    def compute_loss(self, params, batch_stats, batch):
        x, y = batch
        pred = self.model.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        return jnp.mean((pred - y) ** 2)


def main():
    cfg = TrainConfig()
    model = MLPBN(cfg.features)
    kx, ky, kinit = jax.random.split(jax.random.key(0), 3)
    x = jax.random.normal(kx, (cfg.micro_batches, cfg.batch, 4))
    y = jax.random.normal(ky, (cfg.micro_batches, cfg.batch, 1))
    variables = model.init(kinit, x[0], train=False)
    trainer = BNTrainer(model, cfg)
    opt_state = trainer.tx.init(variables["params"])
    trainer.train_step(variables, opt_state, (x, y))
    return None
