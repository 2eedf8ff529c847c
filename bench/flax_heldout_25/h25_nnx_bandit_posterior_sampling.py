# label: ok
# flax-error: none
# class: 3 posterior head reads its nnx.Rngs stream key and folds in the round index inside the raw scan body
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

    def sample_weights(self, round_index):
        key = jax.random.fold_in(self.rngs.posterior.key.value, round_index)
        eps = jax.random.normal(key, self.mean.value.shape)
        return self.mean.value + jnp.exp(self.log_std.value) * eps, eps


class Recommender(nnx.Module):
    def __init__(self, cfg: BanditConfig, seed: int):
        self.encoder = nnx.Linear(cfg.context_dim, cfg.feature_dim, rngs=nnx.Rngs(seed))
        self.head = PosteriorHead(cfg, nnx.Rngs(posterior=seed + 1))

    def recommend(self, context, round_index):
        feats = jnp.tanh(self.encoder(context))
        weights, eps = self.head.sample_weights(round_index)
        return jnp.argmax(feats @ weights), eps[0]


def simulate(recommender, contexts, true_rewards):
    def round_(total, inputs):
        context, round_index = inputs
        item, eps = recommender.recommend(context, round_index)
        return total + true_rewards[item], (item, eps)

    return jax.lax.scan(round_, 0.0, (contexts, jnp.arange(contexts.shape[0])))


def main():
    cfg = BanditConfig()
    recommender = Recommender(cfg, seed=0)
    contexts = jax.random.normal(jax.random.key(4), (cfg.rounds, cfg.context_dim))
    total, (items, draws) = simulate(recommender, contexts, jnp.array([0.1, 0.5, 0.3, 0.9]))
    print("total reward", float(total), "items", items.tolist())
    return draws
