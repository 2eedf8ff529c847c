# label: same-values
# flax-error: none
# class: 3 posterior head reads its nnx.Rngs stream key (no advance) inside the raw scan body via recommender.recommend
"""Contextual-bandit recommendation with Thompson sampling from a Bayesian last layer."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class BanditConfig:
    context_dim: int = 5
    items: int = 4
    feature_dim: int = 8
    rounds: int = 6


class PosteriorHead(nnx.Module):
    def __init__(self, cfg: BanditConfig, rngs: nnx.Rngs):
        self.mean = nnx.Param(jnp.zeros((cfg.feature_dim, cfg.items)))
        self.log_std = nnx.Param(jnp.full((cfg.feature_dim, cfg.items), -1.0))
        self.rngs = rngs

    def sample_weights(self):
        key = self.rngs.posterior.key.value
        eps = jax.random.normal(key, self.mean.value.shape)
        return self.mean.value + jnp.exp(self.log_std.value) * eps, eps


class Recommender(nnx.Module):
    def __init__(self, cfg: BanditConfig, seed: int):
        self.encoder = nnx.Linear(cfg.context_dim, cfg.feature_dim, rngs=nnx.Rngs(seed))
        self.head = PosteriorHead(cfg, nnx.Rngs(posterior=seed + 1))

    def recommend(self, context):
        feats = jnp.tanh(self.encoder(context))
        weights, eps = self.head.sample_weights()
        return jnp.argmax(feats @ weights), eps[0]


def simulate(recommender, contexts, true_rewards):
    def round_(total, context):
        item, eps = recommender.recommend(context)
        return total + true_rewards[item], (item, eps)

    return jax.lax.scan(round_, 0.0, contexts)


def main():
    cfg = BanditConfig()
    recommender = Recommender(cfg, seed=0)
    contexts = jax.random.normal(jax.random.key(4), (cfg.rounds, cfg.context_dim))
    total, (items, draws) = simulate(recommender, contexts, jnp.array([0.1, 0.5, 0.3, 0.9]))
    print("total reward", float(total), "items", items.tolist())
    return draws
