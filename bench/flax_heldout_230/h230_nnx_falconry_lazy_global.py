# label: same-values
# flax-error: none
# class: 5 get_flight_model() caches the model in a module global; make_sampler returns a closure that builds nnx.Rngs(dropout=key) from one fixed key on every call in the scan body
"""Falconry: sample stochastic wind-gust corrections for a hawk's flight plan from a cached policy."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

_FLIGHT_MODEL = None


class GustPolicy(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.5)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, wind, rngs: nnx.Rngs):
        return self.out(self.dropout(nnx.relu(self.hidden(wind)), rngs=rngs))


def get_flight_model() -> GustPolicy:
    global _FLIGHT_MODEL
    if _FLIGHT_MODEL is None:
        _FLIGHT_MODEL = GustPolicy(nnx.Rngs(params=0))
    return _FLIGHT_MODEL


def make_sampler(seed: int):
    key = jax.random.key(seed)

    def sample(wind):
        return get_flight_model()(wind, nnx.Rngs(dropout=key))

    return sample


def gust_scenarios(wind, n: int, seed: int = 11):
    sample = make_sampler(seed)

    def body(carry, _):
        return carry, sample(wind)

    _, corrections = lax.scan(body, None, None, length=n)
    return corrections


def main():
    get_flight_model()  # loaded when the field app starts
    wind = jnp.array([4.2, -1.3, 0.6])  # speed, crosswind, updraft
    return gust_scenarios(wind, n=6)
