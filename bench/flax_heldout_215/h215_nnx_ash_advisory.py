# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 AdvisoryService.issue -> self.pipeline.score -> self.model (BatchNorm/Dropout still in train mode) called in the scan body
"""Volcanic ash advisories for aviation sectors.

A concentration model fresh from training is handed to the advisory pipeline, and the advisory
service scans over the forecast timeline, keeping the peak concentration per flight sector and
flagging sectors above the engine-tolerance threshold.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class AshConcentrationNet(nnx.Module):
    def __init__(self, features, hidden, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.norm(self.proj(x)))
        return nnx.softplus(self.out(self.drop(h)))[..., 0]


class AdvisoryPipeline:
    def __init__(self, model, threshold_mg_m3=2.0):
        self.model = model
        self.threshold = threshold_mg_m3

    def score(self, sector_features):
        return 4.0 * self.model(sector_features)


class AdvisoryService:
    def __init__(self, pipeline: AdvisoryPipeline):
        self.pipeline = pipeline

    def issue(self, timeline):
        def step(peak, features):
            concentration = self.pipeline.score(features)
            return jnp.maximum(peak, concentration), concentration > self.pipeline.threshold

        peak0 = jnp.zeros(timeline.shape[1])
        return lax.scan(step, peak0, timeline)


def main():
    hours, sectors, features = 9, 5, 4
    t = jnp.arange(hours * sectors * features, dtype=jnp.float32)
    timeline = jnp.sin(t / 11.0).reshape(hours, sectors, features)
    model = AshConcentrationNet(features, 16, rngs=nnx.Rngs(0))
    service = AdvisoryService(AdvisoryPipeline(model))
    peak, flags = service.issue(timeline)
    jax.block_until_ready((peak, flags))
    return None
