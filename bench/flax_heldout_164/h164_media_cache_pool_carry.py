# label: ok
# flax-error: none
# class: 4 RecommendationBackend -> SessionPool -> PlaybackSession (params, cache), cache carried through the fori_loop and applied with mutable=["cache"]
"""Media recommendation backend: a playback session keeps a running taste vector.

Sessions live in a pool; each holds the ranker's params and its own 'cache' collection so
that listening events can be folded in. A replay of the event log runs in lax.fori_loop.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class TasteRanker(nn.Module):
    n_items: int = 12
    dim: int = 8

    @nn.compact
    def __call__(self, event_embedding):
        taste = self.variable("cache", "taste", jnp.zeros, (self.dim,))
        taste.value = 0.85 * taste.value + 0.15 * event_embedding
        return nn.Dense(self.n_items)(taste.value)


class PlaybackSession:
    def __init__(self, model, params):
        self.model = model
        self.params = params
        self.cache = {"taste": jnp.zeros((model.dim,))}

    def step(self, cache, event):
        scores, updates = self.model.apply(
            {"params": self.params, "cache": cache}, event, mutable=["cache"])
        return scores, updates["cache"]

    def taste(self):
        return self.cache["taste"]


class SessionPool:
    def __init__(self, model, params):
        self._model, self._params = model, params
        self._sessions = {}

    def acquire(self, user_id):
        if user_id not in self._sessions:
            self._sessions[user_id] = PlaybackSession(self._model, self._params)
        return self._sessions[user_id]


class RecommendationBackend:
    def __init__(self, pool: SessionPool):
        self.pool = pool
        self.profiles = {}

    def replay(self, user_id, events):
        session = self.pool.acquire(user_id)

        def consume(i, carry):
            best, cache = carry
            scores, cache = session.step(cache, events[i])
            return jnp.maximum(best, scores), cache

        init = (jnp.full((12,), -jnp.inf), session.cache)
        best, session.cache = lax.fori_loop(0, events.shape[0], consume, init)
        self.profiles[user_id] = jnp.linalg.norm(session.taste())
        return best


def main():
    model = TasteRanker()
    params = model.init(jax.random.key(0), jnp.zeros((8,)))["params"]
    backend = RecommendationBackend(SessionPool(model, params))
    events = jax.random.normal(jax.random.key(3), (10, 8))
    top = backend.replay("user-81", events)
    print("top scores", top, "taste norm", backend.profiles["user-81"])
    return None
