# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the fori_loop body reaches ClimateExperiment.trainer.model and trainer.optimizer (nnx.Optimizer) through Trainer.train_step
"""Greenhouse climate control: fine-tune the humidity model of a greenhouse on the last
day of sensor data before the controller uses it for the night."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class HumidityNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(6, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.inp(x)))[..., 0]


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 1e-2
    steps: int = 5


class Trainer:
    def __init__(self, model, config: TrainConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)
        self.config = config

    def train_step(self, x, y):
        def loss_fn(model):
            return jnp.mean((model(x) - y) ** 2)

        loss, grads = nnx.value_and_grad(loss_fn)(self.model)
        self.optimizer.update(self.model, grads)
        return loss


class ClimateExperiment:
    def __init__(self, trainer: Trainer):
        self.trainer = trainer

    def run(self, x, y):
        def body(i, total):
            return total + self.trainer.train_step(x, y)

        total = lax.fori_loop(0, self.trainer.config.steps, body, jnp.zeros(()))
        return total / self.trainer.config.steps


def main():
    x = jax.random.normal(jax.random.key(1), (32, 6))
    y = jnp.tanh(x[:, 0] - 0.5 * x[:, 3])
    experiment = ClimateExperiment(Trainer(HumidityNet(nnx.Rngs(0)), TrainConfig()))
    experiment.run(x, y)
    return None
