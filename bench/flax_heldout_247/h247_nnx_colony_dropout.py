# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 ColonyEstimator.mc_estimate (template) runs scan and calls stochastic_head, which the subclass fills in with self.dropout (its nnx.Rngs stream)
"""Colony-strength estimates with Monte-Carlo dropout for the apiary inspection app."""
from __future__ import annotations

import abc
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclass(frozen=True)
class InspectionSchema:
    signals: int = 5  # frames of bees, brood area, stores, queen seen, temperament
    hidden: int = 8


class ColonyEstimator(nnx.Module, abc.ABC):
    """Template for estimators that report a spread of colony-strength values."""

    def __init__(self, schema: InspectionSchema, *, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(schema.signals, schema.hidden, rngs=rngs)

    @abc.abstractmethod
    def stochastic_head(self, h): ...

    def features(self, x):
        return nnx.gelu(self.trunk(x))

    def mc_estimate(self, x, samples: int):
        h = self.features(x)

        def sample(_, __):
            return None, self.stochastic_head(h)

        _, draws = scan(sample, None, None, length=samples)
        return draws


class BroodAwareEstimator(ColonyEstimator):
    def __init__(self, schema: InspectionSchema, *, drop: float, rngs: nnx.Rngs):
        super().__init__(schema, rngs=rngs)
        self.dropout = nnx.Dropout(drop, rngs=rngs)
        self.head = nnx.Linear(schema.hidden, 1, rngs=rngs)

    def stochastic_head(self, h):
        return nnx.sigmoid(self.head(self.dropout(h)))[..., 0]


class InspectionReport:
    def __init__(self, estimator: ColonyEstimator, samples: int = 6):
        self.estimator = estimator
        self.samples = samples

    def strength_draws(self, inspections):
        self.estimator.train()
        return self.estimator.mc_estimate(inspections, self.samples)


def main():
    schema = InspectionSchema()
    estimator = BroodAwareEstimator(schema, drop=0.4, rngs=nnx.Rngs(params=0, dropout=1))
    inspections = jnp.tile(jnp.array([[0.7, 0.5, 0.6, 1.0, 0.3]]), (2, 1))
    return InspectionReport(estimator).strength_draws(inspections)
