# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 PulpService.pool session's model (nnx.BatchNorm left in training mode) reached through acquire() and Session.score_shift in the fori_loop body
"""Pulp freeness scoring service for a paper mill.

The refiner control room calls a service that keeps a small pool of sessions, each holding a
freeness model; a shift's refiner readings are averaged through one session."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class FreenessModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.inp = nnx.Linear(features, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.out = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, readings):
        return self.out(nnx.relu(self.norm(self.inp(readings)))).squeeze(-1)


class Session:
    def __init__(self, model: FreenessModel, session_id: int):
        self.model = model
        self.session_id = session_id
        self.busy = False

    def prepare(self):
        self.warm = True

    def score_shift(self, readings):
        def body(i, acc):
            return acc + jnp.mean(self.model(readings[i]))

        return fori_loop(0, readings.shape[0], body, jnp.float32(0.0)) / readings.shape[0]


class PulpService:
    def __init__(self, factory, pool_size: int = 2):
        self.pool = [Session(factory(i), i) for i in range(pool_size)]

    def acquire(self) -> Session:
        session = next(s for s in self.pool if not s.busy)
        session.busy = True
        session.prepare()
        return session

    def release(self, session: Session):
        session.busy = False

    def score(self, readings):
        session = self.acquire()
        try:
            return session.score_shift(readings)
        finally:
            self.release(session)


def main():
    service = PulpService(lambda i: FreenessModel(6, nnx.Rngs(i)))
    readings = jax.random.normal(jax.random.key(2), (5, 4, 6))
    service.score(readings).block_until_ready()
    return None
