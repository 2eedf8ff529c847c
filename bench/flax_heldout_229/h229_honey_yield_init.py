# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a setup() submodule handed to a WeekRollout helper is first called, and so initialised, in the fori_loop body during init via the Trainer
"""Honey extraction yields: a season forecaster that rolls a hive-weight cell forward
week by week, trained by a small Trainer that owns the variables."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class SeasonConfig:
    weeks: int = 10
    hive_features: int = 4
    latent: int = 6


class WeekRollout:
    """Advances the colony state one week at a time with a shared cell."""

    def __init__(self, cell, decay):
        self.cell = cell
        self.decay = decay

    def run(self, colony, weeks):
        def week(i, h):
            return self.decay * h + nn.tanh(self.cell(h))
        return fori_loop(0, weeks, week, colony)


class YieldForecaster(nn.Module):
    cfg: SeasonConfig

    def setup(self):
        self.encode = nn.Dense(self.cfg.latent)
        self.cell = nn.Dense(self.cfg.latent)
        self.head = nn.Dense(1)

    def __call__(self, hive):
        colony = self.encode(hive)
        colony = WeekRollout(self.cell, decay=0.8).run(colony, self.cfg.weeks)
        return self.head(colony)  # kg of extracted honey


@dataclasses.dataclass
class Trainer:
    model: YieldForecaster
    variables: Any = None

    def setup_state(self, seed, sample):
        self.variables = self.model.init(jax.random.key(seed), sample)
        return self

    def predict(self, hives):
        return self.model.apply(self.variables, hives)


def main():
    cfg = SeasonConfig()
    hives = jax.random.uniform(jax.random.key(3), (5, cfg.hive_features))
    trainer = Trainer(YieldForecaster(cfg)).setup_state(0, hives)
    trainer.predict(hives)
    return None
