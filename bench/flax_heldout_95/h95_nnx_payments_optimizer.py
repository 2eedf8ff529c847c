# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 an online tuner keeps the model and an nnx.Optimizer on itself and runs nnx.value_and_grad + optimizer.update on them inside a raw lax.fori_loop
"""Payments-risk service: when a merchant's chargeback labels arrive, an online tuner takes a
few Adam steps on that merchant's calibration head."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class CalibrationHead(nnx.Module):
    def __init__(self, features, *, rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TunerConfig:
    learning_rate: float = 1e-2
    steps: int = 5


def bce(model, x, y):
    return optax.sigmoid_binary_cross_entropy(model(x), y).mean()


class OnlineTuner:
    def __init__(self, model, config: TunerConfig):
        self.model = model
        self.config = config
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def fine_tune(self, x, y):
        def step(i, total):
            loss, grads = nnx.value_and_grad(bce)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss

        return lax.fori_loop(0, self.config.steps, step, jnp.zeros(()))


def main():
    tuner = OnlineTuner(CalibrationHead(8, rngs=nnx.Rngs(0)), TunerConfig())
    x = jax.random.normal(jax.random.key(1), (32, 8))
    y = (x[:, 0] > 0).astype(jnp.float32)
    jax.block_until_ready(tuner.fine_tune(x, y))
    return None
