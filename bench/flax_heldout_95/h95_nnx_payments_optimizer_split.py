# label: ok
# flax-error: none
# class: 5 the tuner nnx.split()s (model, optimizer) before the raw lax.fori_loop, merges them in the body, carries the state and nnx.update()s afterwards
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def step(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bce)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = lax.fori_loop(0, self.config.steps, step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return total


def main():
    tuner = OnlineTuner(CalibrationHead(8, rngs=nnx.Rngs(0)), TunerConfig())
    x = jax.random.normal(jax.random.key(1), (32, 8))
    y = (x[:, 0] > 0).astype(jnp.float32)
    jax.block_until_ready(tuner.fine_tune(x, y))
    return None
