# label: ok
# flax-error: none
# class: 3 the scan carries scorer.rng (an attribute of one RiskScorer object) and splits it at every draw; the final key is stored back
"""Credit-line risk scoring fed from an online feature store.

The risk scorer samples several dropout-perturbed scores per account so the
limit engine can use a pessimistic quantile instead of a point estimate.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FeatureStore:
    """Stand-in for the online store: a table of precomputed account features."""

    def __init__(self, n_accounts: int, n_features: int, seed: int = 0):
        self._table = jax.random.normal(jax.random.key(seed), (n_accounts, n_features))

    def fetch(self, account_ids):
        return self._table[jnp.asarray(account_ids)]


class RiskNet(nn.Module):
    hidden: int = 24

    @nn.compact
    def __call__(self, features, train: bool = False):
        h = nn.silu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(0.25, deterministic=not train)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class RiskScorer:
    def __init__(self, model, variables, rng):
        self.model = model
        self.variables = variables
        self.rng = rng

    def sample_scores(self, features, n_draws: int):
        def draw(rng, _):
            rng, dropout_rng = jax.random.split(rng)
            score = self.model.apply(self.variables, features, train=True, rngs={"dropout": dropout_rng})
            return rng, score

        self.rng, scores = jax.lax.scan(draw, self.rng, None, length=n_draws)
        return scores


class LimitEngine:
    def __init__(self, store: FeatureStore, scorer: RiskScorer):
        self.store = store
        self.scorer = scorer

    def pessimistic_scores(self, account_ids, n_draws=5):
        scores = self.scorer.sample_scores(self.store.fetch(account_ids), n_draws)
        return jnp.quantile(scores, 0.9, axis=0), scores


def main():
    store = FeatureStore(n_accounts=50, n_features=8)
    model = RiskNet()
    variables = model.init(jax.random.key(0), store.fetch([0]))
    engine = LimitEngine(store, RiskScorer(model, variables, jax.random.key(77)))
    p90, scores = engine.pessimistic_scores([3, 14, 15, 42])
    print("p90", p90)
    return scores
