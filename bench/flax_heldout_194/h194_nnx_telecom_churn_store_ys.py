# label: ok
# flax-error: none
# class: 4 the scan body calls service.scorer.model and emits each day's embedding as scan output; the last row is stored in the model's plain dict attribute after the loop
"""Telecom churn scoring fed from a feature store.

The churn service pulls daily subscriber feature batches from the store, scores
them with the churn model and exposes the last batch embedding to the
retention-offer recommender.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class FeatureStore:
    def __init__(self, n_days: int, batch: int, n_features: int, seed: int = 0):
        self._daily = jax.random.normal(jax.random.key(seed), (n_days, batch, n_features))

    def window(self, days: int):
        return self._daily[-days:]


class ChurnModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(n_features, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)
        self.debug = {}  # inspection hooks for the recommender

    def __call__(self, features):
        z = nnx.tanh(self.embed(features))
        return nnx.sigmoid(self.head(z))[..., 0], z


class ChurnScorer:
    def __init__(self, model: ChurnModel):
        self.model = model

    def score(self, features):
        return self.model(features)


class ChurnService:
    def __init__(self, store: FeatureStore, scorer: ChurnScorer):
        self.store = store
        self.scorer = scorer

    def daily_at_risk(self, days: int, threshold: float = 0.6):
        def day(carry, features):
            p, z = self.scorer.score(features)
            return carry, (jnp.sum(p > threshold), z)

        _, (at_risk, embeddings) = jax.lax.scan(day, None, self.store.window(days))
        self.scorer.model.debug["last_embedding"] = embeddings[-1]
        return at_risk

    def recommender_context(self):
        return jnp.mean(self.scorer.model.debug["last_embedding"], axis=0)


def main():
    service = ChurnService(FeatureStore(30, 16, 6), ChurnScorer(ChurnModel(6, nnx.Rngs(0))))
    print("at risk per day", service.daily_at_risk(7))
    print("context", service.recommender_context())
