# label: ok
# flax-error: none
# class: 3 trainer carries batch_stats through the scan carry and stores them after the loop
"""A small trainer around a Linen classifier with BatchNorm; one epoch is a lax.scan over batches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Classifier(nn.Module):
    hidden: int = 16
    classes: int = 4

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(self.classes)(x)


@dataclasses.dataclass
class TrainerConfig:
    learning_rate: float = 1e-2
    batch_size: int = 8
    features: int = 6


class Trainer:
    def __init__(self, model, config, rng):
        self.model = model
        self.config = config
        self.tx = optax.adam(config.learning_rate)
        variables = model.init(rng, jnp.zeros((config.batch_size, config.features)), train=False)
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.opt_state = self.tx.init(self.params)

    def _loss(self, params, batch_stats, x, y):
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates

    def train_epoch(self, xs, ys):
        def step(carry, batch):
            params, batch_stats, opt_state = carry
            x, y = batch
            (loss, updates), grads = jax.value_and_grad(self._loss, has_aux=True)(params, batch_stats, x, y)
            upd, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, upd), updates["batch_stats"], opt_state), loss

        carry = (self.params, self.batch_stats, self.opt_state)
        (self.params, self.batch_stats, self.opt_state), losses = jax.lax.scan(step, carry, (xs, ys))
        return losses

    def evaluate(self, x):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, x, train=False)


def main():
    cfg = TrainerConfig()
    trainer = Trainer(Classifier(), cfg, jax.random.key(0))
    xs = jax.random.normal(jax.random.key(1), (5, cfg.batch_size, cfg.features))
    ys = jax.random.randint(jax.random.key(2), (5, cfg.batch_size), 0, 4)
    trainer.train_epoch(xs, ys)
    logits = trainer.evaluate(xs[0])
    print(float(logits.sum()))
    return None
