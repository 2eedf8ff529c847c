# label: ok
# flax-error: none
# class: 4 the while_loop body calls service.pool.get(bank).score, which applies the session's model with the cache passed in and out through the loop state
"""Elevator group dispatch: score every car for each hall call in a bank's queue.

Each elevator bank has a session in a pool; the session keeps the scorer's
variables, and its `cache` collection smooths recent car scores (used by the
operator console).
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class CarScorer(nn.Module):
    n_cars: int = 4

    @nn.compact
    def __call__(self, calls):
        recent = self.variable("cache", "recent_scores", jnp.zeros, (self.n_cars,))
        scores = nn.Dense(self.n_cars)(nn.relu(nn.Dense(12)(calls)))
        recent.value = 0.8 * recent.value + 0.2 * scores.mean(axis=0)
        return scores


class BankSession:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.cache = variables["cache"]

    def score(self, calls, cache):
        scores, updates = self.model.apply({"params": self.params, "cache": cache}, calls, mutable=["cache"])
        return scores, updates["cache"]


class SessionPool:
    def __init__(self):
        self._sessions = {}

    def add(self, bank, session):
        self._sessions[bank] = session

    def get(self, bank) -> BankSession:
        return self._sessions[bank]


class DispatchService:
    def __init__(self, pool: SessionPool, n_cars: int):
        self.pool = pool
        self.n_cars = n_cars

    def dispatch(self, bank, queue):
        def pending(state):
            return state[0] < queue.shape[0]

        def assign(state):
            i, load, cache = state
            scores, cache = self.pool.get(bank).score(queue[i], cache)
            chosen = jax.nn.one_hot(jnp.argmax(scores, axis=-1), self.n_cars)
            return i + 1, load + chosen.sum(axis=0), cache

        session = self.pool.get(bank)
        _, load, session.cache = lax.while_loop(pending, assign, (0, jnp.zeros(self.n_cars), session.cache))
        return load

    def console_snapshot(self, bank):
        return jnp.round(self.pool.get(bank).cache["recent_scores"], 3)


def main():
    model = CarScorer()
    queue = jax.random.normal(jax.random.key(4), (7, 5, 6))
    pool = SessionPool()
    for bank in ("north", "south"):
        pool.add(bank, BankSession(model, model.init(jax.random.key(0), queue[0])))
    service = DispatchService(pool, model.n_cars)
    load = service.dispatch("north", queue)
    print("load", load, "console", service.console_snapshot("north"))
