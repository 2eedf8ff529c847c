# label: ok
# flax-error: none
# class: 3 OrbitTrainer.fit splits (self.model, self.optimizer) into a graphdef and state, carries the state through lax.fori_loop, merges it in the body and updates the trainer's objects after the loop
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def epoch(i, carry):
            state, total = carry
            model, optimizer = nnx.merge(graphdef, state)

            def loss_fn(model):
                return jnp.mean((model(elements) - residuals) ** 2)

            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), total + loss

        state, total = lax.fori_loop(0, self.epochs, epoch, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
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
