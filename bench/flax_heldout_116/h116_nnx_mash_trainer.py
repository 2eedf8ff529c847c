# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 MashTrainer.fit() runs a fori_loop whose body calls nnx.value_and_grad on self.model and self.optimizer.update(self.model, grads)
"""Brewery mash-tun controller: fine-tunes the extraction-efficiency model on
the latest brew-day log with a fixed number of optimiser steps."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class ExtractionModel(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, log):
        return nnx.sigmoid(self.out(nnx.tanh(self.hidden(log))))[..., 0]


def efficiency_loss(model, log, measured):
    return jnp.mean((model(log) - measured) ** 2)


class MashTrainer:
    def __init__(self, model, learning_rate=1e-2):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit(self, log, measured, steps=5):
        def body(step, running):
            loss, grads = nnx.value_and_grad(efficiency_loss)(self.model, log, measured)
            self.optimizer.update(self.model, grads)
            return running + loss

        total = lax.fori_loop(0, steps, body, jnp.zeros(()))
        return total / steps


def main():
    model = ExtractionModel(6, rngs=nnx.Rngs(0))
    log = jax.random.normal(jax.random.key(1), (16, 6))
    measured = jax.random.uniform(jax.random.key(2), (16,), minval=0.7, maxval=0.85)
    MashTrainer(model).fit(log, measured)
    return None
