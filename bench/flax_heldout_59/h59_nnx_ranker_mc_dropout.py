# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 ranking service's scan body calls its model, whose nnx.Dropout draws from the module's own Rngs stream created outside the loop
"""Uncertainty-aware re-ranking: Monte Carlo dropout passes over a user's candidate list."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Scorer(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(dim, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, items):
        return self.out(self.dropout(nnx.relu(self.hidden(items))))[..., 0]


class RerankService:
    def __init__(self, scorer, n_samples=8, risk=1.0):
        self.scorer = scorer
        self.n_samples = n_samples
        self.risk = risk

    def rerank(self, candidates):
        self.scorer.train()  # keep dropout on for MC sampling

        def sample(carry, _):
            scores = self.scorer(candidates)
            return (carry[0] + scores, carry[1] + scores ** 2), None

        zeros = jnp.zeros(candidates.shape[0])
        (s1, s2), _ = jax.lax.scan(sample, (zeros, zeros), None, length=self.n_samples)
        mean = s1 / self.n_samples
        std = jnp.sqrt(jnp.maximum(s2 / self.n_samples - mean ** 2, 0.0))
        return jnp.argsort(-(mean - self.risk * std))


def main():
    service = RerankService(Scorer(6, rngs=nnx.Rngs(params=0, dropout=1)))
    candidates = jax.random.normal(jax.random.key(2), (10, 6))
    print(service.rerank(candidates))
    return None
