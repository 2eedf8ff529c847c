# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the queue model's own __call__ runs the scan and its Dense submodules are first called (and so created at init) inside the body
"""Ski lift queue forecaster: rolls a queue-length state through the day's 15-minute slots of
gate scans and weather; a small trainer builds the train state and evaluates one batch."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class LiftConfig:
    slots: int = 32
    features: int = 4
    hidden: int = 16
    learning_rate: float = 3e-3


class QueueDynamics(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, slots):
        arrivals = nn.Dense(self.hidden, name="arrivals")
        service = nn.Dense(1, name="service")

        def slot(queue, features):
            h = nn.relu(arrivals(jnp.concatenate([features, queue[None]])))
            queue = jnp.maximum(queue + service(h)[0], 0.0)
            return queue, queue

        _, queue_lengths = scan(slot, jnp.zeros(()), slots)
        return queue_lengths


@dataclasses.dataclass
class TrainState:
    params: Any
    opt_state: Any
    step: int = 0


class QueueTrainer:
    def __init__(self, config: LiftConfig):
        self.config = config
        self.model = QueueDynamics(config.hidden)
        self.tx = optax.adam(config.learning_rate)

    def create_state(self, key) -> TrainState:
        sample = jnp.zeros((self.config.slots, self.config.features))
        params = self.model.init(key, sample)["params"]
        return TrainState(params, self.tx.init(params))

    def loss(self, params, slots, observed):
        predicted = self.model.apply({"params": params}, slots)
        return jnp.mean((predicted - observed) ** 2)

    def evaluate(self, state: TrainState, slots, observed):
        return float(self.loss(state.params, slots, observed))


def main():
    cfg = LiftConfig()
    trainer = QueueTrainer(cfg)
    state = trainer.create_state(jax.random.key(0))
    slots = jax.random.uniform(jax.random.key(1), (cfg.slots, cfg.features))
    observed = jnp.linspace(0.0, 40.0, cfg.slots)
    trainer.evaluate(state, slots, observed)
    return None
