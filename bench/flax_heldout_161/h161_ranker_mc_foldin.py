# label: ok
# flax-error: none
# class: 5 RankingService keeps functools.partial(model.apply, variables); the fori_loop body passes rngs={"dropout": fold_in(key, pass)} for each Monte Carlo pass
"""News-feed ranker: candidate generation, then MC-dropout scoring to estimate ranking uncertainty.

Every Monte Carlo pass scores the same candidate slate; the spread across passes feeds the
exploration bonus of the feed mixer.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class RankerConfig:
    embed: int = 16
    hidden: int = 32
    dropout: float = 0.2
    mc_passes: int = 6


class SlateRanker(nn.Module):
    config: RankerConfig

    @nn.compact
    def __call__(self, user, items, train: bool = False):
        cfg = self.config
        x = jnp.concatenate([jnp.broadcast_to(user, items.shape[:-1] + user.shape[-1:]), items], axis=-1)
        x = nn.relu(nn.Dense(cfg.hidden)(x))
        x = nn.Dropout(cfg.dropout, deterministic=not train)(x)
        return nn.Dense(1)(x)[..., 0]


class CandidateGenerator:
    def __init__(self, catalog):
        self.catalog = catalog

    def slate(self, user, k: int):
        affinity = self.catalog @ user
        return self.catalog[jnp.argsort(-affinity)[:k]]


class RankingService:
    def __init__(self, config: RankerConfig, user_dim: int, seed: int = 0):
        self.config = config
        model = SlateRanker(config)
        init_key, dropout_key = jax.random.split(jax.random.key(seed))
        variables = model.init(init_key, jnp.zeros((user_dim,)), jnp.zeros((3, config.embed)))
        self.dropout_key = dropout_key
        self.score = functools.partial(model.apply, variables, train=True)

    def mc_scores(self, user, slate):
        passes = self.config.mc_passes

        def body(i, buf):
            rngs = {"dropout": jax.random.fold_in(self.dropout_key, i)}
            return buf.at[i].set(self.score(user, slate, rngs=rngs))

        return jax.lax.fori_loop(0, passes, body, jnp.zeros((passes, slate.shape[0])))


def main():
    config = RankerConfig()
    catalog = jax.random.normal(jax.random.key(1), (50, config.embed))
    user = jax.random.normal(jax.random.key(2), (config.embed,))
    slate = CandidateGenerator(catalog).slate(user, k=8)
    return RankingService(config, user_dim=config.embed).mc_scores(user, slate)
