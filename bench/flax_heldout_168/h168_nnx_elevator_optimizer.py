# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 the scan body differentiates and updates self.model with self.optimizer (nnx.Optimizer), both attributes of the online trainer
"""Elevator dispatch controller, online adaptation: a wait-time regressor is fine-tuned on the
last hour of hall calls, one mini-batch per scan step, before the next dispatch shift."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class AdaptConfig:
    features: int = 5
    hidden: int = 16
    learning_rate: float = 1e-2
    batches: int = 6
    batch_size: int = 8


class WaitTimeRegressor(nnx.Module):
    def __init__(self, features: int, hidden: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(features, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, calls):
        return self.head(nnx.relu(self.encode(calls)))[..., 0]


def wait_loss(model, calls, waits):
    return jnp.mean((model(calls) - waits) ** 2)


class OnlineDispatchTrainer:
    def __init__(self, config: AdaptConfig, seed: int = 0):
        self.config = config
        self.model = WaitTimeRegressor(config.features, config.hidden, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def adapt(self, calls, waits):
        def minibatch(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(wait_loss)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss, loss

        total, losses = jax.lax.scan(minibatch, jnp.zeros(()), (calls, waits))
        return total / self.config.batches


def main():
    cfg = AdaptConfig()
    trainer = OnlineDispatchTrainer(cfg)
    kx, ky = jax.random.split(jax.random.key(1))
    calls = jax.random.normal(kx, (cfg.batches, cfg.batch_size, cfg.features))
    waits = jax.random.uniform(ky, (cfg.batches, cfg.batch_size), maxval=90.0)
    float(trainer.adapt(calls, waits))
    return None
