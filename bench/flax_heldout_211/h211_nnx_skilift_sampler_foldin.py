# label: ok
# flax-error: none
# class: 5 make_scenario_step(model, key, ...) returns the scan body; the key is drawn once from the forecaster's 'scenario' Rngs stream and folded with the step index
"""Ski-lift queue forecasting: scenario draws of chairlift waiting times under perturbed arrival features."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class QueueModel(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(din, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, feats):
        return nnx.softplus(self.l2(nnx.tanh(self.l1(feats))))[..., 0] * 15.0


def make_scenario_step(model, key, noise_scale):
    def step(feats, t):
        eps = noise_scale * jax.random.normal(jax.random.fold_in(key, t), feats.shape)
        wait_minutes = model(feats + eps)
        return feats, wait_minutes

    return step


class QueueForecaster:
    def __init__(self, model, rngs: nnx.Rngs, noise_scale=0.2):
        self.model = model
        self.rngs = rngs
        self.noise_scale = noise_scale

    def scenarios(self, feats, n):
        step = make_scenario_step(self.model, self.rngs.scenario(), self.noise_scale)
        _, waits = scan(step, feats, jnp.arange(n))
        return waits


def main():
    feats = jax.random.normal(jax.random.key(11), (6, 5))
    rngs = nnx.Rngs(params=0, scenario=5)
    forecaster = QueueForecaster(QueueModel(5, rngs), rngs)
    return forecaster.scenarios(feats, 6)
