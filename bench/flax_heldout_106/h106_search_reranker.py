# label: same-values
# flax-error: none
# class: 3 RerankStage.score is functools.partial(model.apply, variables, rngs={"explore": key}) kept on the stage; the scan body calls self.score
"""Storefront search: a second-stage reranker with Gumbel exploration over impression rounds."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Reranker(nn.Module):
    hidden: int = 32
    temperature: float = 0.7

    @nn.compact
    def __call__(self, candidates, explore: bool = True):
        h = nn.relu(nn.Dense(self.hidden, name="query_item")(candidates))
        scores = nn.Dense(1, name="score")(h)[:, 0]
        if explore:
            noise = jax.random.gumbel(self.make_rng("explore"), scores.shape)
            scores = scores + self.temperature * noise
        return scores


class RerankStage:
    """Wraps the trained reranker for the serving graph."""

    def __init__(self, model: Reranker, variables, seed: int):
        self.score = functools.partial(
            model.apply, variables, rngs={"explore": jax.random.key(seed)}
        )

    def serve_rounds(self, candidates, rounds: int):
        def impression(carry, round_id):
            scores = self.score(candidates)
            ranking = jnp.argsort(-scores)
            return carry, {"scores": scores, "ranking": ranking}

        _, log = lax.scan(impression, None, jnp.arange(rounds))
        return log


def build_stage(n_items: int = 12, dim: int = 8):
    model = Reranker()
    candidates = jax.random.normal(jax.random.key(3), (n_items, dim))
    variables = model.init(jax.random.key(0), candidates, explore=False)
    return RerankStage(model, variables, seed=11), candidates


def main():
    stage, candidates = build_stage()
    log = stage.serve_rounds(candidates, rounds=6)
    return log
