# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a FeaturePipeline object wraps an NNX normaliser module and caches the last transformed batch on itself; the scan body calls pipeline.transform and the job reads the cache after the loop
"""Churn prediction (NNX): score monthly cohorts through a feature pipeline with a frozen normaliser."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FrozenNormalizer(nnx.Module):
    def __init__(self, n_features):
        self.mean = nnx.BatchStat(jnp.zeros((n_features,)))
        self.std = nnx.BatchStat(jnp.ones((n_features,)))

    def __call__(self, x):
        return (x - self.mean.value) / self.std.value


class ChurnHead(nnx.Module):
    def __init__(self, n_features, rngs: nnx.Rngs):
        self.linear = nnx.Linear(n_features, 1, rngs=rngs)

    def __call__(self, feats):
        return nnx.sigmoid(self.linear(feats))[..., 0]


class FeaturePipeline:
    def __init__(self, normalizer):
        self.normalizer = normalizer
        self.last_batch = None

    def transform(self, raw):
        feats = self.normalizer(jnp.log1p(jnp.abs(raw)) * jnp.sign(raw))
        self.last_batch = feats
        return feats


class CohortScoringJob:
    def __init__(self, pipeline, head):
        self.pipeline, self.head = pipeline, head

    def run(self, cohorts):
        def body(n_at_risk, raw):
            probs = self.head(self.pipeline.transform(raw))
            return n_at_risk + jnp.sum(probs > 0.5), probs

        n_at_risk, _ = jax.lax.scan(body, jnp.int32(0), cohorts)
        drift = jnp.abs(self.pipeline.last_batch.mean(axis=0)).max()
        return n_at_risk, drift


def main():
    cohorts = jax.random.normal(jax.random.key(0), (3, 32, 5))
    job = CohortScoringJob(FeaturePipeline(FrozenNormalizer(5)), ChurnHead(5, nnx.Rngs(1)))
    jax.block_until_ready(job.run(cohorts))
    return None
