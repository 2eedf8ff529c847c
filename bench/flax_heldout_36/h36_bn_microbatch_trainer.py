# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 TrainConfig.train -> Trainer._loss (called from a jitted raw scan over microbatches) applies a BatchNorm model with the stats held on the trainer
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class TrainConfig:
    train: bool = True
    n_micro: int = 4
    lr: float = 0.1


class MLP(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


class Trainer:
    def __init__(self, model, cfg, sample):
        self.model = model
        self.cfg = cfg
        variables = model.init(jax.random.key(0), sample, train=False)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _loss(self, params, xb, yb):
        pred = self.model.apply({"params": params, "batch_stats": self.batch_stats}, xb, train=self.cfg.train)
        return jnp.mean((pred - yb) ** 2)

    def _accumulate(self, params, xs, ys):
        grad_fn = jax.value_and_grad(self._loss)

        def body(acc, batch):
            xb, yb = batch
            loss, grads = grad_fn(params, xb, yb)
            acc = jax.tree.map(jnp.add, acc, grads)
            return acc, loss

        zeros = jax.tree.map(jnp.zeros_like, params)
        acc, losses = jax.lax.scan(body, zeros, (xs, ys))
        return jax.tree.map(lambda g: g / self.cfg.n_micro, acc), losses.mean()

    def step(self, xs, ys):
        grads, loss = jax.jit(self._accumulate)(self.params, xs, ys)
        self.params = jax.tree.map(lambda p, g: p - self.cfg.lr * g, self.params, grads)
        return loss


def main():
    cfg = TrainConfig()
    xs = jnp.linspace(0.0, 1.0, cfg.n_micro * 3 * 2).reshape(cfg.n_micro, 3, 2)
    ys = xs.sum(-1, keepdims=True)
    trainer = Trainer(MLP(), cfg, xs[0])
    for _ in range(2):
        trainer.step(xs, ys)
    return None
