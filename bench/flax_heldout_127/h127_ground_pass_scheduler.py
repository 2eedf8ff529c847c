# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_elevation" in "/" because collection "track" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a PassScheduler looks up a LinkEntry in a decorator-filled StationRegistry and applies its model and variables in the fori_loop body, track collection immutable
"""Satellite ground-station pass scheduler: scores link quality across the passes of one night."""
import dataclasses

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax

_STATIONS = {}


def register_station(name):
    def deco(factory):
        _STATIONS[name] = factory
        return factory
    return deco


class LinkQuality(nn.Module):
    """Scores a pass and remembers the elevation seen on the previous pass."""

    @nn.compact
    def __call__(self, geometry):
        last = self.variable("track", "last_elevation", jnp.zeros, ())
        delta = geometry[0] - last.value
        last.value = geometry[0]
        return nn.Dense(1)(jnp.append(geometry, delta))[0]


@dataclasses.dataclass
class LinkEntry:
    model: nn.Module
    variables: dict


@register_station("svalbard")
def svalbard_link(key):
    model = LinkQuality()
    return LinkEntry(model, model.init(key, jnp.zeros(3)))


class StationRegistry:
    def __init__(self, key):
        self._entries = {name: f(key) for name, f in _STATIONS.items()}

    def get(self, name):
        return self._entries[name]


class PassScheduler:
    def __init__(self, registry):
        self.registry = registry

    def score_night(self, station, passes):
        def one_pass(i, scores):
            link = self.registry.get(station)
            q = link.model.apply(link.variables, passes[i])
            return scores.at[i].set(q)

        return lax.fori_loop(0, passes.shape[0], one_pass, jnp.zeros(passes.shape[0]))


def main():
    registry = StationRegistry(jax.random.key(0))
    scheduler = PassScheduler(registry)
    passes = jax.random.uniform(jax.random.key(1), (6, 3))
    scheduler.score_night("svalbard", passes)
    return None
