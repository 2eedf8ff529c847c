# label: ok
# flax-error: none
# class: 4 the ApiaryService acquires a HiveSession from its SessionPool; the session puts its BatchNorm model in eval mode when acquired for scoring and it is called in the fori_loop body as session.model
"""Apiary monitoring service: scores hive-weight readings for swarm and robbing anomalies.

The service keeps a pool of per-site sessions (each with its own model copy) and scores a
night of readings with a fori_loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HiveScorer(nnx.Module):
    def __init__(self, sensors: int, hidden: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(sensors, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.95, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, readings):
        return self.out(nnx.gelu(self.norm(self.proj(readings))))[..., 0]


class HiveSession:
    def __init__(self, site: str, model: HiveScorer):
        self.site = site
        self.model = model
        self.busy = False


class SessionPool:
    def __init__(self, sites, factory):
        self._sessions = {site: HiveSession(site, factory(i)) for i, site in enumerate(sites)}

    def acquire(self, site: str) -> HiveSession:
        session = self._sessions[site]
        session.busy = True
        session.model.eval()
        return session

    def release(self, session: HiveSession):
        session.busy = False


class ApiaryService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def score_night(self, site, readings):
        session = self.pool.acquire(site)

        def score(i, scores):
            return scores.at[i].set(session.model(readings[i]))

        try:
            return jax.lax.fori_loop(0, readings.shape[0], score, jnp.zeros(readings.shape[:2]))
        finally:
            self.pool.release(session)


def main():
    pool = SessionPool(["north-meadow", "lime-grove"], lambda i: HiveScorer(5, 16, rngs=nnx.Rngs(i)))
    readings = jax.random.normal(jax.random.key(9), (24, 8, 5))
    scores = ApiaryService(pool).score_night("lime-grove", readings)
    scores.block_until_ready()
    return None
