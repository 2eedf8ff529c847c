# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 trainer stores batch_stats on self and reassigns self.batch_stats inside the scan body
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

    def _loss(self, params, x, y):
        logits, updates = self.model.apply(
            {"params": params, "batch_stats": self.batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, updates

    def train_epoch(self, xs, ys):
        def step(carry, batch):
            params, opt_state = carry
            x, y = batch
            (loss, updates), grads = jax.value_and_grad(self._loss, has_aux=True)(params, x, y)
            self.batch_stats = updates["batch_stats"]
            upd, opt_state = self.tx.update(grads, opt_state, params)
            return (optax.apply_updates(params, upd), opt_state), loss

        (self.params, self.opt_state), losses = jax.lax.scan(step, (self.params, self.opt_state), (xs, ys))
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
