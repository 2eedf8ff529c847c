# label: same-values
# flax-error: none
# class: 3 the recommendation service's stored exploration key is given to policy.apply in every fori_loop iteration
"""Exploration for a recommender: Gumbel-perturbed scores per request, logged for off-policy evaluation."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class GumbelPolicy(nn.Module):
    n_items: int = 6
    temperature: float = 0.5

    @nn.compact
    def __call__(self, user_features):
        scores = nn.Dense(self.n_items)(user_features)
        gumbel = jax.random.gumbel(self.make_rng("explore"), scores.shape) * self.temperature
        return scores + gumbel, gumbel


class RecommendationService:
    def __init__(self, policy, variables, seed):
        self.policy = policy
        self.variables = variables
        self.explore_key = jax.random.key(seed)

    def serve(self, requests):
        n = requests.shape[0]
        log = jnp.zeros((n, self.policy.n_items))

        def body(i, log):
            _, gumbel = self.policy.apply(self.variables, requests[i], rngs={"explore": self.explore_key})
            return log.at[i].set(gumbel)

        return fori_loop(0, n, body, log)


def main():
    policy = GumbelPolicy()
    requests = jax.random.normal(jax.random.key(1), (5, 4))
    variables = policy.init({"params": jax.random.key(0), "explore": jax.random.key(2)}, requests[0])
    service = RecommendationService(policy, variables, seed=11)
    return service.serve(requests)
