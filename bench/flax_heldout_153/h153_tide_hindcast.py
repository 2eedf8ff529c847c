# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 TidePredictor keeps functools.partial(module.apply, variables, train=True) from the training config; the scan body calls self.predict_fn, whose BatchNorm writes 'batch_stats'
"""Harbour tide hindcasting: a harmonic encoder predicts water level from astronomical phases;
the harbour service replays a week of phase batches and smooths the predicted level."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class HarmonicEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, phase, train: bool):
        feats = jnp.concatenate([jnp.sin(phase), jnp.cos(phase)], axis=-1)
        h = nn.Dense(self.hidden)(feats)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class TidePredictor:
    def __init__(self, module, variables, *, train):
        self.predict_fn = partial(module.apply, variables, train=train)

    def hindcast(self, phase_batches):
        def step(level, phases):
            pred = self.predict_fn(phases)
            return 0.8 * level + 0.2 * pred.mean(), pred

        _, preds = scan(step, jnp.zeros(()), phase_batches)
        return preds


class HarbourService:
    def __init__(self, name, predictor):
        self.name = name
        self.predictor = predictor

    def weekly_report(self, phase_batches):
        preds = self.predictor.hindcast(phase_batches)
        return {'harbour': self.name, 'high_water': preds.max(), 'low_water': preds.min()}


def main():
    module = HarmonicEncoder()
    phases = jnp.linspace(0.0, 6.0, 7 * 5 * 8).reshape(7, 5, 8)
    variables = module.init(jax.random.key(0), phases[0], train=False)
    service = HarbourService('Port Kell', TidePredictor(module, variables, train=True))
    report = service.weekly_report(phases)
    jax.block_until_ready(report['high_water'])
    return None
