# label: ok
# flax-error: none
# class: 3 the trainer's params and batch_stats attributes enter the scan as its carry and are stored back from the final carry
"""Docking-load regression for the river ferry fleet, with a small trainer."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class DockingLoadNet(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x).squeeze(-1)


def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def crossing_batches(n_batches=4, batch=6, features=5, seed=11):
    kx, ky = jax.random.split(jax.random.key(seed))
    x = jax.random.normal(kx, (n_batches, batch, features))
    y = jax.random.normal(ky, (n_batches, batch))
    return x, y


class FerryTrainer:
    def __init__(self, model: nn.Module, lr: float = 0.05):
        self.model = model
        self.lr = lr
        self.params = None
        self.batch_stats = None

    def setup(self, sample):
        variables = self.model.init(jax.random.key(0), sample, train=False)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def _loss(self, params, batch_stats, x, y):
        pred, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return mse(pred, y), updates["batch_stats"]

    def _step(self, carry, batch):
        params, batch_stats = carry
        x, y = batch
        (loss, batch_stats), grads = jax.value_and_grad(self._loss, has_aux=True)(
            params, batch_stats, x, y
        )
        params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
        return (params, batch_stats), loss

    def fit_epoch(self, batches):
        (self.params, self.batch_stats), losses = lax.scan(
            self._step, (self.params, self.batch_stats), batches
        )
        return losses

    def evaluate(self, x, y):
        variables = {"params": self.params, "batch_stats": self.batch_stats}
        return mse(self.model.apply(variables, x, train=False), y)


def main():
    xs, ys = crossing_batches()
    trainer = FerryTrainer(DockingLoadNet())
    trainer.setup(xs[0])
    losses = trainer.fit_epoch((xs, ys))
    held_out = trainer.evaluate(xs[-1], ys[-1])
    jax.block_until_ready((losses, held_out))
    return None
