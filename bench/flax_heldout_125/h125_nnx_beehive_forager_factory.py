# label: same-values
# flax-error: none
# class: 5 a factory returns functools.partial(_forage_step, sampler, ...); each scan step takes an nnx.clone of the sampler, whose nnx.Rngs forage stream starts from the same state every step
"""Beekeeping hive health: simulate foraging trips of a hive day by day; the forager model
draws random flight routes from its own nnx.Rngs stream. Each day works on a fresh copy of
the sampler so the shared one is never mutated by a request.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class ForagerSampler(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.route = nnx.Linear(3, 3, rngs=rngs)
        self.rngs = rngs

    def __call__(self, hive_state):
        noise = jax.random.normal(self.rngs.forage(), (3,))
        return nnx.softmax(self.route(hive_state) + noise)


def _forage_step(sampler, hive_state, nectar, weather):
    worker = nnx.clone(sampler)
    trip = worker(hive_state)
    return nectar + trip * weather, trip


def build_forage_step(sampler, hive_state):
    return functools.partial(_forage_step, sampler, hive_state)


class HiveSimulator:
    def __init__(self, sampler, hive_state):
        self.step = build_forage_step(sampler, hive_state)

    def season(self, weather):
        _, trips = jax.lax.scan(self.step, jnp.zeros((3,)), weather)
        return trips


def main():
    sampler = ForagerSampler(nnx.Rngs(params=0, forage=1))
    hive_state = jnp.array([0.7, 0.2, 0.1])
    weather = jax.random.uniform(jax.random.key(2), (6, 3))
    return HiveSimulator(sampler, hive_state).season(weather)
