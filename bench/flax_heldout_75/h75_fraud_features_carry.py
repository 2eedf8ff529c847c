# label: ok
# flax-error: none
# class: 2 a pipeline object calls model.apply with mutable=["feature_stats"] inside fori_loop; the stats live in the loop carry
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


class RunningFeatureExtractor(nn.Module):
    """Normalises transaction amounts with a running mean/var kept in 'feature_stats'."""
    momentum: float = 0.9

    @nn.compact
    def __call__(self, txn):
        mean = self.variable("feature_stats", "mean", jnp.zeros, txn.shape[-1:])
        var = self.variable("feature_stats", "var", jnp.ones, txn.shape[-1:])
        if not self.is_initializing():
            m = self.momentum
            mean.value = m * mean.value + (1 - m) * txn.mean(0)
            var.value = m * var.value + (1 - m) * txn.var(0)
        return (txn - mean.value) / jnp.sqrt(var.value + 1e-6)


class FraudScorer(nn.Module):
    @nn.compact
    def __call__(self, txn):
        feats = RunningFeatureExtractor(name="extractor")(txn)
        return nn.sigmoid(nn.Dense(1)(nn.tanh(nn.Dense(16)(feats))))[:, 0]


class ScoringPipeline:
    def __init__(self, model, variables, threshold=0.5):
        self.model = model
        self.params = variables["params"]
        self.feature_stats = variables["feature_stats"]
        self.threshold = threshold

    def _score(self, feature_stats, txn):
        probs, updates = self.model.apply(
            {"params": self.params, "feature_stats": feature_stats}, txn, mutable=["feature_stats"])
        return probs, updates["feature_stats"]

    def run(self, stream):
        def body(i, carry):
            feature_stats, flagged = carry
            probs, feature_stats = self._score(feature_stats, stream[i])
            return feature_stats, flagged + jnp.sum(probs > self.threshold)

        self.feature_stats, flagged = lax.fori_loop(
            0, stream.shape[0], body, (self.feature_stats, jnp.int32(0)))
        return flagged


def main():
    stream = jax.random.normal(jax.random.key(1), (5, 8, 4)) * 3.0 + 1.0
    model = FraudScorer()
    variables = model.init(jax.random.key(0), stream[0])
    ScoringPipeline(model, variables).run(stream)
    return None
