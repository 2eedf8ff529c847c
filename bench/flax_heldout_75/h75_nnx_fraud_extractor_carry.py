# label: ok
# flax-error: none
# class: 2 a fraud pipeline's NNX feature extractor keeps running stats in an nnx.Variable subclass; nnx.split separates them, the fori_loop carries them, the body merges, and nnx.update writes them back
import jax
import jax.numpy as jnp
from flax import nnx


class FeatureStat(nnx.Variable):
    """Running statistics of transaction features (not trained)."""


class StatefulFeatureExtractor(nnx.Module):
    def __init__(self, num_features, momentum=0.9):
        self.momentum = momentum
        self.mean = FeatureStat(jnp.zeros((num_features,)))
        self.var = FeatureStat(jnp.ones((num_features,)))

    def __call__(self, txn):
        m = self.momentum
        self.mean.value = m * self.mean.value + (1 - m) * txn.mean(0)
        self.var.value = m * self.var.value + (1 - m) * txn.var(0)
        return (txn - self.mean.value) / jnp.sqrt(self.var.value + 1e-6)


class FraudModel(nnx.Module):
    def __init__(self, num_features, *, rngs: nnx.Rngs):
        self.extractor = StatefulFeatureExtractor(num_features)
        self.score = nnx.Linear(num_features, 1, rngs=rngs)

    def __call__(self, txn):
        return nnx.sigmoid(self.score(self.extractor(txn)))[:, 0]


class FraudPipeline:
    def __init__(self, model, threshold=0.7):
        self.model, self.threshold = model, threshold

    def flag_stream(self, stream):
        graphdef, params, stats = nnx.split(self.model, nnx.Param, FeatureStat)

        def body(i, carry):
            stats, flagged = carry
            model = nnx.merge(graphdef, params, stats)
            flagged = flagged + jnp.sum(model(stream[i]) > self.threshold)
            return nnx.state(model, FeatureStat), flagged

        stats, flagged = jax.lax.fori_loop(0, stream.shape[0], body, (stats, jnp.int32(0)))
        nnx.update(self.model, stats)
        return flagged


def main():
    stream = jax.random.normal(jax.random.key(1), (5, 8, 4)) * 2.0 + 0.5
    FraudPipeline(FraudModel(4, rngs=nnx.Rngs(0))).flag_stream(stream)
    return None
