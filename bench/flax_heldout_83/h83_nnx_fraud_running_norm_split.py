# label: ok
# flax-error: none
# class: 5 the RunningStat state is split out before the scan, carried, merged in the body and written back with nnx.update
"""Fraud-scoring service with online feature normalisation: running mean/variance are kept in a
custom nnx.Variable subclass; the day's stream is scored with lax.scan carrying the statistics."""
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
        graphdef, params, stats = nnx.split(self.model, nnx.Param, RunningStat)

        def body(carry, x):
            flagged, stats = carry
            model = nnx.merge(graphdef, params, stats)
            s = model(x)
            return (flagged + jnp.sum(s > self.threshold), nnx.state(model, RunningStat)), s

        (flagged, stats), scores = lax.scan(body, (jnp.int32(0), stats), batches)
        nnx.update(self.model, stats)
        return flagged, scores


def main():
    svc = ScoringService()
    batches = jax.random.normal(jax.random.key(1), (5, 32, 8))
    jax.block_until_ready(svc.score_stream(batches))
    return None
