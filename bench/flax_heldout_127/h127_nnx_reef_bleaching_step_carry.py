# label: ok
# flax-error: none
# class: 5 make_bleaching_step splits the model once and returns a scan step that merges the state from the carry, runs its Dropout stream and returns the new state
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

    def step(carry, _):
        sites, state = carry
        sampler = nnx.merge(graphdef, state)
        risk = sampler(sites)
        return (sites, nnx.state(sampler)), risk

    return step, state


class ReefForecaster:
    def __init__(self, n_feats=5, seed=0, draws=8):
        self.model = BleachingRisk(n_feats, nnx.Rngs(params=seed, dropout=seed + 1))
        self.draws = draws

    def risk_draws(self, sites):
        step, state = make_bleaching_step(self.model)
        (_, state), draws = lax.scan(step, (sites, state), None, length=self.draws)
        nnx.update(self.model, state)
        return draws


def main():
    sites = jax.random.normal(jax.random.key(3), (7, 5))  # sst anomaly, DHW, depth, turbidity, wind
    return ReefForecaster().risk_draws(sites)
