# label: ok
# flax-error: none
# class: 5 the usage collection of a two-tower recommender threaded through the scan carry by EmbeddingService
"""Session-based recommendation: an embedding service scores a stream of user sessions."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass
class RecConfig:
    num_items: int = 64
    num_users: int = 16
    dim: int = 8


class TwoTower(nn.Module):
    cfg: RecConfig

    @nn.compact
    def __call__(self, user_ids, item_ids, track_usage: bool = True):
        users = nn.Embed(self.cfg.num_users, self.cfg.dim, name="user_table")(user_ids)
        items = nn.Embed(self.cfg.num_items, self.cfg.dim, name="item_table")(item_ids)
        hits = self.variable("usage", "item_hits", jnp.zeros, (self.cfg.num_items,), jnp.int32)
        if track_usage and not self.is_initializing():
            hits.value = hits.value.at[item_ids].add(1)
        return jnp.sum(users * items, axis=-1)


class EmbeddingService:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.usage = variables["usage"]

    def score(self, usage, users, items):
        scores, updates = self.model.apply(
            {"params": self.params, "usage": usage}, users, items, mutable=["usage"])
        return scores, updates["usage"]


def replay_sessions(service, sessions):
    def body(carry, batch):
        total, usage = carry
        users, items = batch
        scores, usage = service.score(usage, users, items)
        return (total + jnp.mean(scores), usage), None

    (total, usage), _ = jax.lax.scan(body, (jnp.float32(0.0), service.usage), sessions)
    service.usage = usage
    return total


def main():
    cfg = RecConfig()
    model = TwoTower(cfg)
    users = jnp.zeros((4,), jnp.int32)
    items = jnp.arange(4, dtype=jnp.int32)
    variables = model.init(jax.random.key(0), users, items)
    service = EmbeddingService(model, variables)
    sessions = (jnp.tile(users, (5, 1)), jnp.tile(items, (5, 1)) % cfg.num_items)
    replay_sessions(service, sessions)
    jnp.sum(service.usage["item_hits"]).block_until_ready()
    return None
