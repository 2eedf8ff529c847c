# label: ok
# flax-error: none
# class: 5 a factory returns functools.partial(_forage_step, graphdef, ...); the sampler state, with its nnx.Rngs forage stream, is split before the loop, travels in the scan carry and is merged in each step
"""Beekeeping hive health: simulate foraging trips of a hive day by day; the forager model
draws random flight routes from its own nnx.Rngs stream. The sampler state is threaded
through the scan so the shared sampler is updated only once, after the season.
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


def _forage_step(graphdef, hive_state, carry, weather):
    nectar, state = carry
    worker = nnx.merge(graphdef, state)
    trip = worker(hive_state)
    return (nectar + trip * weather, nnx.state(worker)), trip


def build_forage_step(graphdef, hive_state):
    return functools.partial(_forage_step, graphdef, hive_state)


class HiveSimulator:
    def __init__(self, sampler, hive_state):
        self.sampler = sampler
        self.graphdef, _ = nnx.split(sampler)
        self.step = build_forage_step(self.graphdef, hive_state)

    def season(self, weather):
        carry = (jnp.zeros((3,)), nnx.state(self.sampler))
        (_, state), trips = jax.lax.scan(self.step, carry, weather)
        nnx.update(self.sampler, state)
        return trips


def main():
    sampler = ForagerSampler(nnx.Rngs(params=0, forage=1))
    hive_state = jnp.array([0.7, 0.2, 0.1])
    weather = jax.random.uniform(jax.random.key(2), (6, 3))
    return HiveSimulator(sampler, hive_state).season(weather)
