# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the trainer looks up an nnx.jit train step in a decorator registry and calls it inside the fori_loop body with its model and optimizer attributes
"""Parcel sort-lane classifier trained with steps picked from a registry by config."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop

STEP_REGISTRY: Dict[str, Callable] = {}


def register_step(name: str):
    def wrap(fn):
        STEP_REGISTRY[name] = nnx.jit(fn)
        return fn

    return wrap


class LaneClassifier(nnx.Module):
    def __init__(self, features: int, lanes: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.logits = nnx.Linear(16, lanes, rngs=rngs)

    def __call__(self, x):
        return self.logits(nnx.relu(self.hidden(x)))


@register_step("xent")
def xent_step(model: LaneClassifier, optimizer: nnx.Optimizer, labels_x, labels_y):
    def loss_fn(m):
        return optax.softmax_cross_entropy_with_integer_labels(m(labels_x), labels_y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


@dataclass(frozen=True)
class LaneTrainConfig:
    step: str = "xent"
    iterations: int = 4
    learning_rate: float = 3e-2


class LaneTrainer:
    def __init__(self, model: LaneClassifier, optimizer: nnx.Optimizer, config: LaneTrainConfig):
        self.model = model
        self.optimizer = optimizer
        self.config = config
        self.step_fn = STEP_REGISTRY[config.step]

    def fit(self, label_features, lanes):
        def iteration(i, running):
            loss = self.step_fn(self.model, self.optimizer, label_features, lanes)
            return running + loss

        return fori_loop(0, self.config.iterations, iteration, jnp.float32(0.0))


def main():
    k_x, k_y = jax.random.split(jax.random.key(29))
    label_features = jax.random.normal(k_x, (16, 6))  # weight, volume, postcode embedding (4)
    lanes = jax.random.randint(k_y, (16,), 0, 5)
    config = LaneTrainConfig()
    model = LaneClassifier(6, 5, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(config.learning_rate), wrt=nnx.Param)
    total = LaneTrainer(model, optimizer, config).fit(label_features, lanes)
    jax.block_until_ready(total)
    return None
