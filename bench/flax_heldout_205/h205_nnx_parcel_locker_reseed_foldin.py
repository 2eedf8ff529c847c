# label: ok
# flax-error: none
# class: 5 make_demand_step(graphdef, cfg) returns a step that merges the carried state and reseeds with fold_in(key(cfg.seed), sample_index)
"""Parcel locker network: Monte Carlo samples of tomorrow's drop-offs at one locker site."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class DropoffModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(4, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.head = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, site):
        return nnx.softplus(self.head(self.drop(nnx.relu(self.body(site)))))[0] * 40.0


@dataclass(frozen=True)
class SamplerConfig:
    seed: int = 2024
    n_samples: int = 8


def make_demand_step(graphdef, cfg: SamplerConfig, site):
    def step(state, sample_index):
        model = nnx.merge(graphdef, state)
        nnx.reseed(model, dropout=jax.random.fold_in(jax.random.key(cfg.seed), sample_index))
        parcels = model(site)
        return nnx.state(model), parcels

    return step


class LockerForecaster:
    def __init__(self, model: DropoffModel, cfg: SamplerConfig):
        self.graphdef, self.state = nnx.split(model)
        self.cfg = cfg

    def sample(self, site):
        step = make_demand_step(self.graphdef, self.cfg, site)
        self.state, samples = jax.lax.scan(step, self.state, jnp.arange(self.cfg.n_samples))
        return samples


def main():
    forecaster = LockerForecaster(DropoffModel(nnx.Rngs(params=0, dropout=1)), SamplerConfig())
    site = jnp.array([0.8, 0.1, 1.0, 0.4])  # footfall, weekend, holiday week, compartment fill
    return forecaster.sample(site)  # one sampled drop-off count per loop step
