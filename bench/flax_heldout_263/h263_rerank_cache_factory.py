# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_scores" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the fori_loop body comes from Reranker._make_pass, a closure factory whose pass writes the 'cache' collection through put_variable
"""Re-ranking of a recommendation list: a few greedy passes that demote items similar to those already picked."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclasses.dataclass(frozen=True)
class RerankPolicy:
    passes: int = 3
    diversity_weight: float = 0.3


class Reranker(nn.Module):
    num_items: int
    policy: RerankPolicy = RerankPolicy()
    dim: int = 4

    def setup(self):
        self.item_vecs = nn.Embed(self.num_items, self.dim)
        self.relevance = nn.Dense(1)

    def score(self, candidates):
        return self.relevance(self.item_vecs(candidates)).squeeze(-1)

    def _make_pass(self, candidates, base_scores):
        vecs = self.item_vecs(candidates)
        sim = vecs @ vecs.T
        weight = self.policy.diversity_weight

        def one_pass(i, scores):
            picked = jax.nn.one_hot(jnp.argmax(scores), candidates.shape[0])
            scores = base_scores - weight * (sim @ picked) - 1e3 * picked * i
            self.put_variable("cache", "last_scores", scores)
            return scores

        return one_pass

    def __call__(self, candidates):
        base = self.score(candidates)
        return fori_loop(0, self.policy.passes, self._make_pass(candidates, base), base)


class RerankEndpoint:
    def __init__(self, num_items: int):
        self.model = Reranker(num_items)
        self.variables = None

    def deploy(self, candidates):
        self.variables = self.model.init(jax.random.key(11), candidates, method=Reranker.score)
        return self

    def handle(self, candidates):
        scores = self.model.apply(self.variables, candidates)
        return candidates[jnp.argsort(-scores)]


def main():
    candidates = jnp.array([3, 8, 1, 6, 2])
    endpoint = RerankEndpoint(num_items=10).deploy(candidates)
    ranked = endpoint.handle(candidates)
    jax.block_until_ready(ranked)
    return None
