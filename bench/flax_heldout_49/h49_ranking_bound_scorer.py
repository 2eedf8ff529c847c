# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/FeatureNorm_0" because collection "norm_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a RankingService holds scorer = model.bind(variables); a while_loop body pages through candidates and calls the bound scorer, whose FeatureNorm updates its stats when update_stats is on
"""Recommendation ranking service: scores candidate pages until enough items pass a score
threshold. The scorer normalizes features with running statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class FeatureNorm(nn.Module):
    update_stats: bool = False

    @nn.compact
    def __call__(self, x):
        count = self.variable("norm_stats", "count", lambda: jnp.zeros(()))
        mean = self.variable("norm_stats", "mean", lambda: jnp.zeros(x.shape[-1]))
        if self.update_stats:
            n = count.value + x.shape[0]
            mean.value = mean.value + (x.sum(0) - x.shape[0] * mean.value) / n
            count.value = n
        return x - mean.value


class Scorer(nn.Module):
    update_stats: bool = False

    @nn.compact
    def __call__(self, user, items):
        feats = FeatureNorm(self.update_stats)(items)
        return nn.Dense(1)(feats * user).squeeze(-1)


class RankingService:
    def __init__(self, variables, update_stats=True):
        self.scorer = Scorer(update_stats).bind(variables)

    def first_page_with_hits(self, user, pages, threshold=0.0, min_hits=3):
        def cond(state):
            i, hits = state
            return (i < pages.shape[0]) & (hits < min_hits)

        def body(state):
            i, _ = state
            scores = self.scorer(user, pages[i])
            return i + 1, jnp.sum(scores > threshold)

        return lax.while_loop(cond, body, (0, jnp.array(0)))


def main():
    pages = jax.random.normal(jax.random.key(0), (6, 10, 8))
    user = jax.random.normal(jax.random.key(1), (8,))
    variables = Scorer().init(jax.random.key(2), user, pages[0])
    RankingService(variables).first_page_with_hits(user, pages)
    return None
