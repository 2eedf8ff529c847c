# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[14,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 VocalWarmup.__call__ runs jax.lax.scan over its own setup submodule self.cell, so init creates the cell's params inside the scan body
"""Tenor warm-up scoring used by the opera house rehearsal planner."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class WarmupConfig:
    phrase_dim: int = 6
    hidden: int = 8
    phrases: int = 5
    seed: int = 3


class PhraseCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, carry, phrase):
        mixed = nn.Dense(self.hidden, name="mix")(jnp.concatenate([carry, phrase]))
        return jnp.tanh(mixed)


class VocalWarmup(nn.Module):
    config: WarmupConfig

    def setup(self):
        self.cell = PhraseCell(self.config.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, phrases):
        def sing(carry, phrase):
            carry = self.cell(carry, phrase)
            return carry, carry.mean()

        start = jnp.zeros((self.config.hidden,))
        final, strain = jax.lax.scan(sing, start, phrases)
        return self.readout(final), strain


class RehearsalPlanner:
    def __init__(self, config: WarmupConfig):
        self.config = config
        self.model = VocalWarmup(config)
        self.variables = None

    def prepare(self, sample):
        self.variables = self.model.init(jax.random.key(self.config.seed), sample)
        return self

    def score(self, phrases):
        readiness, strain = self.model.apply(self.variables, phrases)
        return {"readiness": readiness, "strain": strain}


def load_phrases(config: WarmupConfig):
    ramp = jnp.linspace(-1.0, 1.0, config.phrases * config.phrase_dim)
    return ramp.reshape(config.phrases, config.phrase_dim)


def main():
    config = WarmupConfig()
    phrases = load_phrases(config)
    planner = RehearsalPlanner(config).prepare(phrases)
    report = planner.score(phrases)
    jax.block_until_ready(report)
    return None
