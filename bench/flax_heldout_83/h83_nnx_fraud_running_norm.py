# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scoring service's model (with a RunningStat nnx.Variable subclass) is read from self inside the scan body
"""Fraud-scoring service with online feature normalisation: running mean/variance are kept in a
custom nnx.Variable subclass and updated on every scored batch; the day's stream is scored with
lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RunningStat(nnx.Variable):
    pass


class OnlineNorm(nnx.Module):
    def __init__(self, n, momentum=0.99):
        self.mean = RunningStat(jnp.zeros((n,)))
        self.var = RunningStat(jnp.ones((n,)))
        self.momentum = momentum

    def __call__(self, x):
        m = self.momentum
        self.mean.value = m * self.mean.value + (1 - m) * x.mean(0)
        self.var.value = m * self.var.value + (1 - m) * x.var(0)
        return (x - self.mean.value) / jnp.sqrt(self.var.value + 1e-6)


class FraudScorer(nnx.Module):
    def __init__(self, n, rngs):
        self.norm = OnlineNorm(n)
        self.head = nnx.Linear(n, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.head(self.norm(x)))[..., 0]


class ScoringService:
    def __init__(self, n_features=8, threshold=0.8):
        self.model = FraudScorer(n_features, nnx.Rngs(0))
        self.threshold = threshold

    def score_stream(self, batches):
        def body(flagged, x):
            s = self.model(x)
            return flagged + jnp.sum(s > self.threshold), s

        return lax.scan(body, jnp.int32(0), batches)


def main():
    svc = ScoringService()
    batches = jax.random.normal(jax.random.key(1), (5, 32, 8))
    jax.block_until_ready(svc.score_stream(batches))
    return None
