# label: ok
# flax-error: none
# class: 5 the make_mc_step factory closes over the graphdef, the reading and a base key; its step merges the carried state and nnx.reseed()s the dropout stream to the key folded with the sample index
"""Coral reef monitoring: Monte Carlo dropout uncertainty of a larval-settlement estimate."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class SettlementNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(5, 12, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(self.drop(nnx.relu(self.hidden(x))))[0]


@dataclass(frozen=True)
class McConfig:
    samples: int = 8
    seed: int = 17


def make_mc_step(graphdef, seed, reading):
    base_key = jax.random.key(seed)

    def step(state, sample_index):
        model = nnx.merge(graphdef, state)
        nnx.reseed(model, dropout=jax.random.fold_in(base_key, sample_index))
        settlement = model(reading)
        return nnx.state(model), settlement

    return step


class UncertaintyService:
    def __init__(self, model, config):
        self.graphdef, self.state = nnx.split(model)
        self.config = config

    def sample(self, reading):
        step = make_mc_step(self.graphdef, self.config.seed, reading)
        self.state, draws = scan(step, self.state, jnp.arange(self.config.samples))
        return draws


def main():
    model = SettlementNet(nnx.Rngs(0, dropout=1))
    service = UncertaintyService(model, McConfig())
    return service.sample(jnp.array([0.2, 0.7, 0.1, 0.9, 0.4]))
