# label: ok
# flax-error: none
# class: 3 MaintenanceTrainer keeps the model and its nnx.Optimizer as attributes; their nnx.split state rides in the scan carry and is merged in the body
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(carry, batch):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(tension_loss)(model, x, y)
            optimizer.update(model, grads)
            return (nnx.state((model, optimizer)), total + loss), loss

        (state, total), losses = scan(step, (state, jnp.float32(0.0)), (readings, tensions))
        nnx.update((self.model, self.optimizer), state)
        return total / readings.shape[0], losses


def main():
    model = RopeTensionNet(5, nnx.Rngs(0))
    trainer = MaintenanceTrainer(model, TrainerConfig())
    readings = jax.random.normal(jax.random.key(1), (7, 16, 5))
    tensions = readings.sum(-1) * 0.3
    trainer.fit_week(readings, tensions)
    return None
