# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 OrbitTrainer.fit runs lax.fori_loop and the body calls nnx.value_and_grad on self.model and self.optimizer.update, both attributes of the trainer created outside the loop
"""Orbit-determination residual model for space-debris tracking, trained on radar passes."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrackerConfig:
    elements: int = 6
    hidden: int = 16
    learning_rate: float = 3e-3
    epochs: int = 5


class ResidualModel(nnx.Module):
    def __init__(self, config: TrackerConfig, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(config.elements, config.hidden, rngs=rngs)
        self.out = nnx.Linear(config.hidden, 3, rngs=rngs)

    def __call__(self, elements):
        return self.out(jnp.tanh(self.hidden(elements)))


class Checkpointer:
    """Keeps the last good state so a diverging run can be rolled back."""

    def __init__(self):
        self._saved = None

    def save(self, *nodes):
        self._saved = nnx.state(nodes)

    def restore(self, *nodes):
        nnx.update(nodes, self._saved)


class OrbitTrainer:
    def __init__(self, config: TrackerConfig, *, seed: int = 0):
        self.model = ResidualModel(config, rngs=nnx.Rngs(seed))
        schedule = optax.cosine_decay_schedule(config.learning_rate, config.epochs)
        self.optimizer = nnx.Optimizer(self.model, optax.adam(schedule), wrt=nnx.Param)
        self.checkpointer = Checkpointer()
        self.epochs = config.epochs

    def fit(self, elements, residuals):
        self.checkpointer.save(self.model, self.optimizer)

        def epoch(i, total):
            def loss_fn(model):
                return jnp.mean((model(elements) - residuals) ** 2)

            loss, grads = nnx.value_and_grad(loss_fn)(self.model)
            self.optimizer.update(self.model, grads)
            return total + loss

        total = lax.fori_loop(0, self.epochs, epoch, jnp.zeros(()))
        if not jnp.isfinite(total):
            self.checkpointer.restore(self.model, self.optimizer)
        return total / self.epochs


def main():
    config = TrackerConfig()
    elements = jax.random.normal(jax.random.key(1), (32, config.elements))
    residuals = 0.01 * jax.random.normal(jax.random.key(2), (32, 3))
    trainer = OrbitTrainer(config)
    print("mean loss", float(trainer.fit(elements, residuals)))
    return None
