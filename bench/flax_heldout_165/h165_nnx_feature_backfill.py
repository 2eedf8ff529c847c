# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a step function from an lru_cache-memoised factory merges the encoder in the scan body and stores its BatchStat state in a module-level snapshot dict read after the loop
"""Feature store backfill: historical event batches are re-encoded by a normalizing encoder;
the step function for each feature-view config is built once and memoised, and the latest
normalization statistics are published with the backfilled features."""

import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

SNAPSHOTS = {}


@dataclasses.dataclass(frozen=True)
class FeatureViewConfig:
    name: str
    features: int
    dim: int


class NormalizingEncoder(nnx.Module):
    def __init__(self, config: FeatureViewConfig, rngs: nnx.Rngs):
        self.proj = nnx.Linear(config.features, config.dim, rngs=rngs)
        self.norm = nnx.BatchNorm(config.dim, momentum=0.8, rngs=rngs)

    def __call__(self, batch):
        return self.norm(self.proj(batch))


@functools.lru_cache(maxsize=None)
def step_factory(config: FeatureViewConfig):
    def step(graphdef, state, batch):
        encoder = nnx.merge(graphdef, state)
        features = encoder(batch)
        SNAPSHOTS[config.name] = nnx.state(encoder, nnx.BatchStat)
        return nnx.state(encoder), features

    return step


class FeatureStore:
    def __init__(self, config: FeatureViewConfig):
        self.config = config
        self.encoder = NormalizingEncoder(config, nnx.Rngs(0))
        self.published = {}

    def backfill(self, batches):
        graphdef, state = nnx.split(self.encoder)
        step = step_factory(self.config)

        def body(state, batch):
            return step(graphdef, state, batch)

        _, features = lax.scan(body, state, batches)
        nnx.update(self.encoder, SNAPSHOTS[self.config.name])
        self.encoder.eval()
        self.published[self.config.name] = self.encoder(batches[-1])
        return features


def main():
    config = FeatureViewConfig("orders_7d", features=5, dim=4)
    batches = jax.random.normal(jax.random.key(2), (6, 16, 5)) * 3.0 + 1.0
    FeatureStore(config).backfill(batches)
    return None
