# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a factory-built GRU cell bound through functools.partial is first called (and initialised) inside the scan body
"""Daily loan-demand forecaster for a branch library network."""
from __future__ import annotations

import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import scan


@dataclass(frozen=True)
class ForecastConfig:
    features: int = 5
    hidden: int = 8
    days: int = 7
    branches: int = 3
    cell_kind: str = "gru"


CELL_FACTORIES = {
    "gru": lambda cfg: linen.GRUCell(features=cfg.hidden, name="cell"),
    "lstm": lambda cfg: linen.OptimizedLSTMCell(features=cfg.hidden, name="cell"),
}


def _advance(cell, carry, day_features):
    carry, out = cell(carry, day_features)
    return carry, out


class DemandForecaster(linen.Module):
    cfg: ForecastConfig

    def setup(self):
        self.cell = CELL_FACTORIES[self.cfg.cell_kind](self.cfg)
        self.head = linen.Dense(1)

    def __call__(self, history):
        carry = jnp.zeros((history.shape[1], self.cfg.hidden))
        step = functools.partial(_advance, self.cell)
        carry, outs = scan(step, carry, history)
        return self.head(outs)[..., 0]


@dataclass
class BranchLedger:
    name: str
    loans: list = field(default_factory=list)


class ForecastService:
    def __init__(self, cfg: ForecastConfig):
        self.cfg = cfg
        self.model = DemandForecaster(cfg)
        sample = jnp.zeros((cfg.days, cfg.branches, cfg.features))
        self.variables = self.model.init(jax.random.key(11), sample)

    def forecast(self, ledgers: list[BranchLedger]):
        history = jnp.stack([jnp.asarray(l.loans, jnp.float32) for l in ledgers], axis=1)
        return self.model.apply(self.variables, history)


def main():
    cfg = ForecastConfig()
    service = ForecastService(cfg)
    base = jnp.arange(cfg.days * cfg.features, dtype=jnp.float32).reshape(cfg.days, cfg.features) / 10.0
    ledgers = [BranchLedger(name, (base + i).tolist()) for i, name in enumerate(["north", "harbour", "old town"])]
    jax.block_until_ready(service.forecast(ledgers))
    return None
