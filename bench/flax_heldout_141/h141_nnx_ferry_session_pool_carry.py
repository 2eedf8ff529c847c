# label: ok
# flax-error: none
# class: 4 a RouteService checks a RouteSession out of a SessionPool; the scan body merges the model from the carried state and returns nnx.state; the final carry is stored on the session and merged again after the loop
"""River-ferry route service: each route has a session holding a split demand model. A day's
replay scans over the hourly terminal counts; after the replay the session merges its model once
so the live endpoint can answer without merging again."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class DemandModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, counts):
        return self.out(nnx.relu(self.norm(self.hidden(counts))))[..., 0]


class RouteSession:
    def __init__(self, route: str, model: DemandModel):
        self.route = route
        self.graphdef, self.state = nnx.split(model)
        self.model = None  # merged lazily


class SessionPool:
    def __init__(self, sessions):
        self._free = {s.route: s for s in sessions}

    def checkout(self, route):
        return self._free.pop(route)

    def release(self, session):
        self._free[session.route] = session


class RouteService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def replay_day(self, route, hourly):
        session = self.pool.checkout(route)

        def hour(state, counts):
            model = nnx.merge(session.graphdef, state)
            demand = model(counts)
            return nnx.state(model), demand

        session.state, demand = scan(hour, session.state, hourly)
        session.model = nnx.merge(session.graphdef, session.state)
        self.pool.release(session)
        return demand

    def live(self, route, counts):
        session = self.pool.checkout(route)
        try:
            return session.model(counts)
        finally:
            self.pool.release(session)


def main():
    rngs = nnx.Rngs(0)
    pool = SessionPool([RouteSession("upper-landing", DemandModel(rngs))])
    service = RouteService(pool)
    hourly = jax.random.uniform(jax.random.key(1), (12, 5, 3))  # hours x terminals x counts
    service.replay_day("upper-landing", hourly)
    print(service.live("upper-landing", hourly[0]))
    return None
