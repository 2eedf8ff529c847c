# label: ok
# flax-error: none
# class: 5 a LinenStyleAdapter turns the NNX model into init/apply; the ScenarioSampler keeps functools.partial(adapter.apply, state) and its key, and the scan body folds the key with the index
"""Railway timetable optimiser: samples knock-on delay scenarios for a corridor with MC dropout."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DelayPropagation(nnx.Module):
    def __init__(self, stations: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(stations, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.3, deterministic=False)
        self.out = nnx.Linear(24, stations, rngs=rngs)

    def __call__(self, delays, rngs=None):
        h = nnx.relu(self.mix(delays))
        return nnx.softplus(self.out(self.drop(h, rngs=rngs)))


class LinenStyleAdapter:
    """Lets the scheduling stack, written against Linen's init/apply, drive an NNX model."""

    def __init__(self, module_factory):
        self.module_factory = module_factory
        self.graphdef = None

    def init(self, seed: int):
        self.graphdef, state = nnx.split(self.module_factory(nnx.Rngs(seed)))
        return state

    def apply(self, state, delays, rngs=None):
        model = nnx.merge(self.graphdef, state)
        return model(delays, rngs=rngs)


class ScenarioSampler:
    def __init__(self, adapter: LinenStyleAdapter, state, key):
        self.predict = functools.partial(adapter.apply, state)
        self.key = key

    def scenarios(self, initial_delays, count: int):
        def body(delays, index):
            return delays, self.predict(delays, rngs=jax.random.fold_in(self.key, index))

        _, sampled = scan(body, initial_delays, jnp.arange(count))
        return sampled


def main():
    adapter = LinenStyleAdapter(functools.partial(DelayPropagation, 9))
    state = adapter.init(seed=0)
    sampler = ScenarioSampler(adapter, state, jax.random.key(77))
    initial = jax.random.uniform(jax.random.key(3), (9,)) * 4.0  # minutes late at nine stations
    return sampler.scenarios(initial, count=5)
