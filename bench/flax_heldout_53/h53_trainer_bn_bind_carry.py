# label: ok
# flax-error: none
# class: 3 BaseTrainer keeps batch_stats as the raw lax.scan carry and calls model.apply(mutable=...) in the body
"""Abstract trainer whose subclass fills in the loss; batch statistics travel through the scan carry."""
import abc

import jax
import jax.numpy as jnp
from flax import linen as nn


class ConvNetLite(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(nn.Dense(2)(x))


class BaseTrainer(abc.ABC):
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    @abc.abstractmethod
    def loss(self, logits, labels):
        ...

    def _step(self, carry, batch):
        total, stats = carry
        x, y = batch
        logits, updates = self.model.apply(
            {"params": self.params, "batch_stats": stats}, x, train=True, mutable=["batch_stats"]
        )
        return (total + self.loss(logits, y), updates["batch_stats"]), None

    def train_epoch(self, xs, ys):
        (total, stats), _ = jax.lax.scan(self._step, (jnp.zeros(()), self.batch_stats), (xs, ys))
        self.batch_stats = stats
        return total


class XentTrainer(BaseTrainer):
    def loss(self, logits, labels):
        return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=-1))


def main():
    model = ConvNetLite()
    xs = jax.random.normal(jax.random.key(0), (4, 16, 6))
    ys = jnp.zeros((4, 16), jnp.int32)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    trainer = XentTrainer(model, variables)
    trainer.train_epoch(xs, ys)
    jax.tree.map(lambda a: jnp.linalg.norm(a), trainer.batch_stats)
    return None
