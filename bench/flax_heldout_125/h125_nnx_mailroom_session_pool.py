# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a per-request nnx.clone of SortingService.base, whose AdapterBias variable is set in the fori_loop body, is kept in the service's session pool and called after the loop
"""Mailroom sorting: a sorting service adapts a per-request copy of its chute-routing model to
each incoming bag of parcels and keeps the adapted sessions for follow-up queries.
"""
import jax
import jax.numpy as jnp
from flax import nnx

fori_loop = jax.lax.fori_loop


class AdapterBias(nnx.Variable):
    """Per-session offset learned from the bag being sorted."""


class ChuteRouter(nnx.Module):
    def __init__(self, n_features, n_chutes, rngs: nnx.Rngs):
        self.route = nnx.Linear(n_features, n_chutes, rngs=rngs)
        self.bias = AdapterBias(jnp.zeros((n_chutes,)))

    def __call__(self, parcels):
        return jnp.argmax(self.route(parcels) + self.bias[...], axis=-1)


class SessionPool:
    def __init__(self):
        self.sessions = []

    def add(self, session):
        self.sessions.append(session)
        return session

    def latest(self):
        return self.sessions[-1]


class SortingService:
    def __init__(self, base, pool):
        self.base = base
        self.pool = pool

    def sort_bags(self, bags):
        def sort_bag(i, chute_counts):
            session = self.pool.add(nnx.clone(self.base))
            session.bias[...] = -0.1 * session.route(bags[i]).mean(axis=0)
            chutes = session(bags[i])
            return chute_counts + jnp.bincount(chutes, length=chute_counts.shape[0])

        return fori_loop(0, bags.shape[0], sort_bag, jnp.zeros((3,), jnp.int32))

    def follow_up(self, parcels):
        return self.pool.latest()(parcels)


def main():
    bags = jax.random.normal(jax.random.key(0), (4, 12, 5))
    service = SortingService(ChuteRouter(5, 3, nnx.Rngs(0)), SessionPool())
    service.sort_bags(bags)
    service.follow_up(bags[-1, :3]).block_until_ready()
    return None
