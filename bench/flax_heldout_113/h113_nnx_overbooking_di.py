# label: same-values
# flax-error: none
# class: 5 the scan body resolves a transient provider from a DI container that builds the NoShowModel (with nnx.Rngs from the frozen config seed)
"""Airline overbooking: simulate how many booked passengers of a flight do not show up,
scenario by scenario; the simulator resolves its model from the service's DI container."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class ModelConfig:
    features: int = 7
    seed: int = 2024


class NoShowModel(nnx.Module):
    def __init__(self, cfg: ModelConfig, *, rngs: nnx.Rngs):
        self.logit = nnx.Linear(cfg.features, 1, rngs=rngs)
        self.rngs = rngs

    def sample_no_shows(self, passengers):
        p = nnx.sigmoid(self.logit(passengers))[:, 0]
        return jnp.sum(jax.random.bernoulli(self.rngs.sample(), p))


class Container:
    def __init__(self, config):
        self.config = config
        self._transient = {}

    def provide(self, name):
        def register(factory):
            self._transient[name] = factory
            return factory
        return register

    def get(self, name):
        return self._transient[name](self)


def build_container():
    container = Container(ModelConfig())

    @container.provide("no_show_model")
    def _no_show_model(c):
        return NoShowModel(c.config, rngs=nnx.Rngs(c.config.seed, sample=c.config.seed + 1))

    return container


def simulate(container, passengers, scenarios):
    def scenario(worst, _):
        model = container.get("no_show_model")
        no_shows = model.sample_no_shows(passengers)
        return jnp.minimum(worst, no_shows), no_shows

    _, counts = lax.scan(scenario, jnp.asarray(10**6), None, length=scenarios)
    return counts


def main():
    passengers = jax.random.normal(jax.random.key(0), (180, 7))
    counts = simulate(build_container(), passengers, scenarios=16)
    return counts
