# label: ok
# flax-error: none
# class: 3 TrainConfig.train -> Trainer._loss (called from a jitted raw scan over microbatches) applies a BatchNorm model with the stats carried through the scan, mutable=['batch_stats']
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

    def _loss(self, params, batch_stats, xb, yb):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, xb, train=self.cfg.train, mutable=["batch_stats"]
        )
        return jnp.mean((pred - yb) ** 2), updates["batch_stats"]

    def _accumulate(self, params, batch_stats, xs, ys):
        grad_fn = jax.value_and_grad(self._loss, has_aux=True)

        def body(carry, batch):
            acc, stats = carry
            xb, yb = batch
            (loss, stats), grads = grad_fn(params, stats, xb, yb)
            acc = jax.tree.map(jnp.add, acc, grads)
            return (acc, stats), loss

        zeros = jax.tree.map(jnp.zeros_like, params)
        (acc, batch_stats), losses = jax.lax.scan(body, (zeros, batch_stats), (xs, ys))
        return jax.tree.map(lambda g: g / self.cfg.n_micro, acc), batch_stats, losses.mean()

    def step(self, xs, ys):
        grads, self.batch_stats, loss = jax.jit(self._accumulate)(self.params, self.batch_stats, xs, ys)
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
