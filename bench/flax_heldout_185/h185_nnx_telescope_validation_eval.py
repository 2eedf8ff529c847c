# label: ok
# flax-error: none
# class: 3 the Evaluator's scan body calls self.model, an attribute of the one Evaluator; evaluate() puts the model in eval mode first, so Dropout reads nothing from its nnx.Rngs stream
"""Validation of an antenna gain-calibration model for a radio-telescope array."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

BASELINES = 12


class GainModel(nnx.Module):
    def __init__(self, baselines: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(2 * baselines, 32, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.gains = nnx.Linear(32, baselines, rngs=rngs)

    def __call__(self, visibilities):
        h = nnx.relu(self.encode(visibilities))
        return self.gains(self.dropout(h))


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    tolerance: float = 0.05


class Evaluator:
    def __init__(self, model: GainModel, config: EvalConfig):
        self.model = model
        self.config = config

    def evaluate(self, batches, targets):
        self.model.eval()

        def body(totals, batch):
            visibilities, target = batch
            err = jnp.abs(self.model(visibilities) - target)
            within = jnp.mean(err < self.config.tolerance)
            return (totals[0] + jnp.mean(err), totals[1] + within), None

        (err, within), _ = lax.scan(body, (jnp.zeros(()), jnp.zeros(())), (batches, targets))
        self.model.train()
        n = batches.shape[0]
        return {"mae": err / n, "within_tolerance": within / n}


def main():
    model = GainModel(BASELINES, rngs=nnx.Rngs(params=0, dropout=1))
    batches = jax.random.normal(jax.random.key(3), (5, 4, 2 * BASELINES))
    targets = jnp.ones((5, 4, BASELINES))
    report = Evaluator(model, EvalConfig()).evaluate(batches, targets)
    jax.block_until_ready(report)
    return None
