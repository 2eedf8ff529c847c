# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body is jax.checkpoint(refresher._absorb); it merges the carried state and parks the merged model in refresher.pool.latest
"""Product recommendation: refresh user embeddings online from a stream of click batches, then score."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax as jlax


class Recommender(nnx.Module):
    def __init__(self, users: int, items: int, dim: int, *, rngs: nnx.Rngs):
        self.user_table = nnx.Embed(users, dim, rngs=rngs)
        self.item_table = nnx.Embed(items, dim, rngs=rngs)

    def score(self, users, items):
        return jnp.einsum("ud,id->ui", self.user_table(users), self.item_table(items))

    def absorb_clicks(self, users, items, rate):
        target = self.item_table(items)
        current = self.user_table.embedding[...]
        moved = current.at[users].add(rate * (target - current[users]))
        self.user_table.embedding[...] = moved


class ModelPool:
    def __init__(self):
        self.latest: Recommender | None = None


@dataclasses.dataclass(frozen=True)
class RefreshConfig:
    rate: float = 0.2


class EmbeddingRefresher:
    def __init__(self, model: Recommender, config: RefreshConfig):
        self.model = model
        self.config = config
        self.pool = ModelPool()
        self.graphdef, _ = nnx.split(model)

    def _absorb(self, state, clicks):
        users, items = clicks
        merged = nnx.merge(self.graphdef, state)
        merged.absorb_clicks(users, items, self.config.rate)
        self.pool.latest = merged
        return nnx.state(merged), None

    def refresh(self, click_users, click_items):
        step = jax.checkpoint(self._absorb)
        jlax.scan(step, nnx.state(self.model), (click_users, click_items))
        return self.pool.latest


def main():
    model = Recommender(users=4, items=6, dim=3, rngs=nnx.Rngs(0))
    click_users = jnp.array([[0, 1], [2, 3], [0, 2]])
    click_items = jnp.array([[5, 1], [4, 4], [0, 3]])
    refreshed = EmbeddingRefresher(model, RefreshConfig()).refresh(click_users, click_items)
    scores = refreshed.score(jnp.arange(4), jnp.arange(6))
    jax.block_until_ready(scores)
    return None
