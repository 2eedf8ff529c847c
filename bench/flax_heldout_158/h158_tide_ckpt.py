# label: same-values
# flax-error: none
# class: 5 make_ensemble_step() closes over model.apply, the variables and one dropout key and returns jax.checkpoint(step); the forecaster scans that step
"""Harbour tide forecasting: a dropout ensemble of sea-level predictions.

The ensemble step is produced by a factory shared with the training code, which wraps it in
jax.checkpoint to keep activation memory flat over long ensembles. The forecaster scans the
step `members` times over the same gauge history and reports every member.
"""
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp


class TideNet(nn.Module):
    horizon: int = 6

    @nn.compact
    def __call__(self, gauge, train: bool = False):
        h = nn.tanh(nn.Dense(24)(gauge))
        h = nn.Dropout(0.2, deterministic=not train)(h)
        return nn.Dense(self.horizon)(h)


def make_ensemble_step(model, variables, key):
    def step(gauge, _):
        forecast = model.apply(variables, gauge, train=True, rngs={"dropout": key})
        return gauge, forecast

    return jax.checkpoint(step)


@dataclass
class HarbourForecaster:
    model: nn.Module
    variables: dict
    members: int = 8
    seed: int = 0

    def ensemble(self, gauge):
        step = make_ensemble_step(self.model, self.variables, jax.random.key(self.seed))
        _, forecasts = jax.lax.scan(step, gauge, None, length=self.members)
        return forecasts


def main():
    hours = jnp.arange(48.0)
    gauge = jnp.sin(2 * jnp.pi * hours / 12.42)[None, :]
    model = TideNet()
    variables = model.init(jax.random.key(1), gauge)
    return HarbourForecaster(model, variables, members=8, seed=5).ensemble(gauge)
