# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "item_hits" in "/" because collection "usage" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a bound two-tower recommender held by an EmbeddingService, reached through service.scorer in a scan body
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
        self.scorer = model.bind(variables)

    def score(self, users, items):
        return self.scorer(users, items)


def replay_sessions(service, sessions):
    def body(total, batch):
        users, items = batch
        return total + jnp.mean(service.score(users, items)), None

    total, _ = jax.lax.scan(body, jnp.float32(0.0), sessions)
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
    return None
