# label: ok
# flax-error: none
# class: 4 DelayService.forecast takes a Session from its SessionPool; the session's nnx state is the scan carry, merged with its graphdef in the body and stored back on the session after the loop
"""Ferry operations: forecast departure delays per route with models served from a session pool."""
from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

ROUTE_BUILDERS: dict[str, Callable[[], nnx.Module]] = {}


def register_route(name: str):
    def deco(fn):
        ROUTE_BUILDERS[name] = fn
        return fn
    return deco


class DelayEMA(nnx.Variable):
    pass


class DelayModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.net = nnx.Linear(features, 1, rngs=rngs)
        self.recent = DelayEMA(jnp.zeros(()))

    def __call__(self, departure):
        delay = nnx.relu(self.net(departure))[0] + 0.5 * self.recent[...]
        self.recent[...] = 0.8 * self.recent[...] + 0.2 * delay
        return delay


@register_route("harbour-island")
def build_harbour_island():
    return DelayModel(5, rngs=nnx.Rngs(3))


class Session:
    def __init__(self, route: str):
        self.graphdef, self.state = nnx.split(ROUTE_BUILDERS[route]())
        self.live = None

    def model(self, state=None):
        return nnx.merge(self.graphdef, self.state if state is None else state)

    def commit(self, state):
        self.state = state
        self.live = nnx.merge(self.graphdef, state)


class SessionPool:
    def __init__(self, routes):
        self.sessions = {route: Session(route) for route in routes}

    def acquire(self, route: str) -> Session:
        return self.sessions[route]


class DelayService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def forecast(self, route: str, departures):
        session = self.pool.acquire(route)

        def one_departure(state, departure):
            model = session.model(state)
            delay = model(departure)
            return nnx.state(model), delay

        state, delays = lax.scan(one_departure, session.state, departures)
        session.commit(state)
        return delays


def main():
    service = DelayService(SessionPool(["harbour-island"]))
    morning = jax.random.uniform(jax.random.key(0), (6, 5))
    evening = jax.random.uniform(jax.random.key(1), (6, 5))
    print(service.forecast("harbour-island", morning))
    print(service.forecast("harbour-island", evening))
    return None
