# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body calls policy.act, which pulls a key from the policy's own self.rngs.explore stream
"""Recommendation bandit: Gumbel-perturbed exploration over a fixed shortlist for several impressions."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ShortlistScorer(nnx.Module):
    def __init__(self, features: int, items: int, *, rngs: nnx.Rngs):
        self.head = nnx.Linear(features, items, rngs=rngs)

    def __call__(self, context):
        return self.head(context)


class ExplorationPolicy(nnx.Module):
    def __init__(self, scorer: ShortlistScorer, temperature: float, *, seed: int):
        self.scorer = scorer
        self.temperature = temperature
        self.rngs = nnx.Rngs(explore=seed)

    def act(self, context):
        logits = self.scorer(context) / self.temperature
        return logits + jax.random.gumbel(self.rngs.explore(), logits.shape)


def simulate_impressions(policy: ExplorationPolicy, context, impressions: int):
    items = policy.scorer.head.out_features
    log = jnp.zeros((impressions, items))

    def impression(i, log):
        return log.at[i].set(policy.act(context))

    return lax.fori_loop(0, impressions, impression, log)


def main():
    rngs = nnx.Rngs(params=0)
    policy = ExplorationPolicy(ShortlistScorer(3, 5, rngs=rngs), temperature=0.7, seed=42)
    context = jnp.array([0.1, 0.7, -0.5])
    return simulate_impressions(policy, context, impressions=4)
