# label: trace-context
# flax-error: TraceContextError: Cannot mutate FeatureStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a fraud pipeline's NNX feature extractor keeps running stats in an nnx.Variable subclass; the fori_loop body scores each batch through pipeline.model, which assigns those stats
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
        def body(i, flagged):
            return flagged + jnp.sum(self.model(stream[i]) > self.threshold)

        return jax.lax.fori_loop(0, stream.shape[0], body, jnp.int32(0))


def main():
    stream = jax.random.normal(jax.random.key(1), (5, 8, 4)) * 2.0 + 0.5
    FraudPipeline(FraudModel(4, rngs=nnx.Rngs(0))).flag_stream(stream)
    return None
