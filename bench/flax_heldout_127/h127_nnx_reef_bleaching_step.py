# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_bleaching_step splits the model once and returns a scan step that merges the closed-over state in every step and runs its Dropout stream
"""Coral reef bleaching risk: Monte Carlo dropout draws of the bleaching probability per reef site."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class BleachingRisk(nnx.Module):
    def __init__(self, n_feats, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_feats, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(self.drop(nnx.tanh(self.hidden(x)))))[..., 0]


def make_bleaching_step(model):
    graphdef, state = nnx.split(model)

    def step(sites, _):
        sampler = nnx.merge(graphdef, state)
        return sites, sampler(sites)

    return step


class ReefForecaster:
    def __init__(self, n_feats=5, seed=0, draws=8):
        self.model = BleachingRisk(n_feats, nnx.Rngs(params=seed, dropout=seed + 1))
        self.draws = draws

    def risk_draws(self, sites):
        step = make_bleaching_step(self.model)
        _, draws = lax.scan(step, sites, None, length=self.draws)
        return draws


def main():
    sites = jax.random.normal(jax.random.key(3), (7, 5))  # sst anomaly, DHW, depth, turbidity, wind
    return ReefForecaster().risk_draws(sites)
