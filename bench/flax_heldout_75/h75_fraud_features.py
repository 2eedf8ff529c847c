# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/extractor" because collection "feature_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a pipeline object calls model.apply(self.variables, ...) inside fori_loop; the extractor updates its "feature_stats" collection, which is not mutable
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
        self.variables = variables
        self.threshold = threshold

    def _score(self, txn):
        return self.model.apply(self.variables, txn)

    def run(self, stream):
        def body(i, flagged):
            probs = self._score(stream[i])
            return flagged + jnp.sum(probs > self.threshold)

        return lax.fori_loop(0, stream.shape[0], body, jnp.int32(0))


def main():
    stream = jax.random.normal(jax.random.key(1), (5, 8, 4)) * 3.0 + 1.0
    model = FraudScorer()
    variables = model.init(jax.random.key(0), stream[0])
    ScoringPipeline(model, variables).run(stream)
    return None
