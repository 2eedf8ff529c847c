# label: ok
# flax-error: none
# class: 4 CoolingTrainer.fit -> with_retry(train_step); model and nnx.Optimizer go through nnx.split into the scan carry and are merged in the body
"""Datacenter cooling: fits a chiller set-point model on telemetry shards with retries on transient faults."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    sensors: int = 6
    lr: float = 3e-3
    shards: int = 5
    attempts: int = 2


class SetpointModel(nnx.Module):
    def __init__(self, sensors, *, rngs):
        self.encoder = nnx.Linear(sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x))).squeeze(-1)


class TransientShardError(RuntimeError):
    pass


def with_retry(step, attempts):
    def wrapped(*args):
        for attempt in range(attempts):
            try:
                return step(*args)
            except TransientShardError:
                if attempt == attempts - 1:
                    raise

    return wrapped


class CoolingTrainer:
    def __init__(self, model, config):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(config.lr), wrt=nnx.Param)
        self.config = config

    @staticmethod
    def train_step(model, optimizer, batch):
        def loss_fn(model):
            return jnp.mean((model(batch["telemetry"]) - batch["setpoint"]) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(model)
        optimizer.update(model, grads)
        return loss

    def fit(self, shards):
        step = with_retry(self.train_step, self.config.attempts)
        graphdef, state = nnx.split((self.model, self.optimizer))

        def shard(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = step(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(shard, state, shards)
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    config = TrainConfig()
    k1, k2 = jax.random.split(jax.random.key(9))
    shards = {
        "telemetry": jax.random.normal(k1, (config.shards, 16, config.sensors)),
        "setpoint": 18.0 + jax.random.normal(k2, (config.shards, 16)),
    }
    trainer = CoolingTrainer(SetpointModel(config.sensors, rngs=nnx.Rngs(0)), config)
    losses = trainer.fit(shards)
    print("loss per shard", losses)
    return None
