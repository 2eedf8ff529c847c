# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 MaintenanceTrainer keeps the model and its nnx.Optimizer as attributes; the scan body differentiates self.model and calls self.optimizer.update
"""Elevator maintenance: hoist-rope tension regression trained over a week of sensor batches."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class RopeTensionNet(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(sensors, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclass(frozen=True)
class TrainerConfig:
    learning_rate: float = 3e-3
    weight_decay: float = 1e-4


def tension_loss(model, readings, tension):
    return jnp.mean((model(readings) - tension) ** 2)


class MaintenanceTrainer:
    def __init__(self, model, config):
        self.model = model
        self.optimizer = nnx.Optimizer(
            model, optax.adamw(config.learning_rate, weight_decay=config.weight_decay), wrt=nnx.Param
        )

    def fit_week(self, readings, tensions):
        def step(total, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(tension_loss)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss, loss

        total, losses = scan(step, jnp.float32(0.0), (readings, tensions))
        return total / readings.shape[0], losses


def main():
    model = RopeTensionNet(5, nnx.Rngs(0))
    trainer = MaintenanceTrainer(model, TrainerConfig())
    readings = jax.random.normal(jax.random.key(1), (7, 16, 5))
    tensions = readings.sum(-1) * 0.3
    trainer.fit_week(readings, tensions)
    return None
