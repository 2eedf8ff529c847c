# label: ok
# flax-error: none
# class: 4 PollinationPlanner.adapter.session.key is split into one key per flight before the fori_loop and the body passes keys[i] as rngs= to the model's Dropout
"""Orchard pollination drones: each flight the planner asks the drone adapter which rows to
visit; the dispersal model drops rows at random so coverage is spread over the flights."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class PollenDispersal(nnx.Module):
    def __init__(self, rows, rngs):
        self.bloom = nnx.Linear(rows, rows, rngs=rngs)
        self.skip = nnx.Dropout(0.5)

    def __call__(self, bloom, *, key):
        priority = nnx.sigmoid(self.bloom(bloom))
        return self.skip(priority, deterministic=False, rngs=key)


@dataclasses.dataclass
class FlightSession:
    drone_id: str
    key: jax.Array


class FlightAdapter:
    def __init__(self, model, session):
        self.model = model
        self.session = session

    def flight_keys(self, flights):
        return jax.random.split(self.session.key, flights)

    def rows_for_flight(self, bloom, key):
        return self.model(bloom, key=key) > 0.0


class PollinationPlanner:
    def __init__(self, adapter, flights):
        self.adapter = adapter
        self.flights = flights

    def plan(self, bloom):
        keys = self.adapter.flight_keys(self.flights)

        def flight(i, visits):
            return visits.at[i].set(self.adapter.rows_for_flight(bloom, keys[i]))

        init = jnp.zeros((self.flights, bloom.shape[0]), bool)
        return lax.fori_loop(0, self.flights, flight, init)


def main():
    rows = 8
    model = PollenDispersal(rows, rngs=nnx.Rngs(0))
    session_rngs = nnx.Rngs(flight=21)
    adapter = FlightAdapter(model, FlightSession("drone-3", session_rngs.flight()))
    planner = PollinationPlanner(adapter, flights=4)
    visits = planner.plan(jnp.linspace(0.2, 1.0, rows))
    print(visits.sum(0))
    return visits
