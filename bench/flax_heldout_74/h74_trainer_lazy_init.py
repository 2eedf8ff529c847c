# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the module's own __call__ runs a raw jax.lax.scan over time that calls the setup() GRU cell, so init creates the cell's params inside the scan
"""Sequence trainer whose encoder unrolls a GRU cell with a raw scan."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class SequenceEncoder(nn.Module):
    hidden: int = 12

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(1)

    def __call__(self, xs):
        carry = jnp.zeros((xs.shape[1], self.hidden))

        def step(carry, x):
            carry, y = self.cell(carry, x)
            return carry, y

        carry, _ = jax.lax.scan(step, carry, xs)
        return self.head(carry)


@dataclass
class TrainerConfig:
    hidden: int = 12
    lr: float = 1e-3
    seed: int = 0


class Trainer:
    def __init__(self, config: TrainerConfig):
        self.config = config
        self.model = SequenceEncoder(hidden=config.hidden)
        self.tx = optax.adam(config.lr)
        self.params = None

    def init_state(self, sample):
        self.params = self.model.init(jax.random.PRNGKey(self.config.seed), sample)["params"]
        self.opt_state = self.tx.init(self.params)


def main():
    trainer = Trainer(TrainerConfig())
    sample = jnp.ones((5, 3, 4))  # time, batch, features
    trainer.init_state(sample)
    trainer.model.apply({"params": trainer.params}, sample)
    return None
