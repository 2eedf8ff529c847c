# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CandidateService -> SessionPool; warm_session's scan body merges the user tower from the carried state and puts the merged module into the pool, which score() later reads
"""Recommendation serving: per-user sessions replay recent clicks into a user tower, then score candidates."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class ClickProfile(nnx.Variable):
    """Running summary of the items a user clicked in this session."""


class UserTower(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.profile = ClickProfile(jnp.zeros((dim,)))

    def observe(self, item):
        self.profile[...] = 0.8 * self.profile[...] + 0.2 * item
        return self.proj(self.profile[...])

    def score(self, candidates):
        return candidates @ self.proj(self.profile[...])


class SessionPool:
    def __init__(self):
        self._towers = {}

    def put(self, user_id, tower):
        self._towers[user_id] = tower

    def get(self, user_id):
        return self._towers[user_id]


class CandidateService:
    def __init__(self, dim):
        self.base_tower = UserTower(dim, rngs=nnx.Rngs(0))
        self.pool = SessionPool()

    def warm_session(self, user_id, clicks):
        graphdef, state = nnx.split(self.base_tower)

        def body(tower_state, item):
            tower = nnx.merge(graphdef, tower_state)
            embedding = tower.observe(item)
            self.pool.put(user_id, tower)
            return nnx.state(tower), embedding

        _, embeddings = scan(body, state, clicks)
        return embeddings

    def score(self, user_id, candidates):
        return jnp.argsort(-self.pool.get(user_id).score(candidates))


def main():
    service = CandidateService(dim=6)
    service.warm_session("u-301", jax.random.normal(jax.random.key(1), (5, 6)))
    service.score("u-301", jax.random.normal(jax.random.key(2), (10, 6))).block_until_ready()
    return None
