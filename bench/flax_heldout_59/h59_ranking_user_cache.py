# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ranking service memoises per-user embeddings computed by model.apply inside the scan body; the next session reads the cache
"""A ranking service that scores a session of candidate slates for one user."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class TwoTower(nn.Module):
    n_users: int = 10
    dim: int = 8

    def setup(self):
        self.user_table = nn.Embed(self.n_users, self.dim)
        self.item_proj = nn.Dense(self.dim)

    def embed_user(self, user_id):
        return self.user_table(user_id)

    def __call__(self, user_id, items):
        return self.item_proj(items) @ self.embed_user(user_id)


class ModelHandle:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self.user_fn = functools.partial(model.apply, variables, method=TwoTower.embed_user)
        self.item_fn = functools.partial(model.apply, variables, method=lambda m, x: m.item_proj(x))


class RankingService:
    def __init__(self, handle):
        self.handle = handle
        self._user_cache = {}

    def _user_embedding(self, user_id: int):
        if user_id not in self._user_cache:
            self._user_cache[user_id] = self.handle.user_fn(jnp.asarray(user_id))
        return self._user_cache[user_id]

    def score_session(self, user_id: int, slates):
        def body(carry, slate):
            u = self._user_embedding(user_id)
            scores = self.handle.item_fn(slate) @ u
            return carry + scores.max(), jnp.argsort(-scores)

        best, rankings = scan(body, jnp.zeros(()), slates)
        return best, rankings


def main():
    model = TwoTower()
    slates = jax.random.normal(jax.random.key(1), (5, 7, 4))
    variables = model.init(jax.random.key(0), jnp.asarray(3), slates[0])
    service = RankingService(ModelHandle(model, variables))
    service.score_session(3, slates)
    best, _ = service.score_session(3, slates[::-1])
    print(float(best))
    return None
