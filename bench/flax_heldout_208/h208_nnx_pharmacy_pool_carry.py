# label: ok
# flax-error: none
# class: 4 model state of RefillService.pool.sessions is carried through the scan; the session is merged from the final carry and parked after the loop
"""Pharmacy refill demand: adapts a per-store demand model over a week, then serves forecasts."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DemandModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.level = nnx.Param(jnp.zeros(6))  # one per drug class
        self.mix = nnx.Linear(6, 6, rngs=rngs)

    def __call__(self, scripts):
        return nnx.relu(self.mix(scripts) + self.level[...])


class SessionPool:
    def __init__(self):
        self.sessions = {}

    def checkout(self, store):
        return self.sessions[store]

    def park(self, store, session):
        self.sessions[store] = session


class RefillService:
    def __init__(self, stores, seed=0):
        self.pool = SessionPool()
        for i, store in enumerate(stores):
            self.pool.park(store, DemandModel(nnx.Rngs(seed + i)))

    def adapt(self, store, daily_scripts, rate=0.2):
        graphdef, state = nnx.split(self.pool.checkout(store))

        def day(state, scripts):
            session = nnx.merge(graphdef, state)
            error = scripts - session(scripts)
            session.level[...] = session.level[...] + rate * error
            return nnx.state(session), jnp.abs(error).mean()

        state, errors = scan(day, state, daily_scripts)
        self.pool.park(store, nnx.merge(graphdef, state))
        return errors

    def forecast(self, store, scripts):
        return self.pool.checkout(store)(scripts)


def main():
    service = RefillService(["harbor-st", "mill-rd"])
    week = jax.random.poisson(jax.random.key(2), 20.0, (7, 6)).astype(jnp.float32)
    service.adapt("mill-rd", week)
    service.forecast("mill-rd", week[-1])
