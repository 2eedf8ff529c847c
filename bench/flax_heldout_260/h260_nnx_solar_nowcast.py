# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 SolarNowcaster.rollout runs the scan itself and the body calls the module's own encoder and norm layers in training mode
"""Net-load nowcasting: behind-the-meter solar correction rolled over sky-camera feature frames."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx


class SolarNowcaster(nnx.Module):
    def __init__(self, n_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_features, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.8, rngs=rngs)
        self.correction = nnx.Linear(hidden, 1, rngs=rngs)

    def step(self, frame):
        h = nnx.relu(self.norm(self.encoder(frame)))
        return self.correction(h)[..., 0]

    def rollout(self, frames):
        def body(total, frame):
            kw = self.step(frame)
            return total + kw.sum(), kw

        total, per_frame = jax.lax.scan(body, jnp.zeros(()), frames)
        return total, per_frame


class NetLoadPipeline:
    def __init__(self, nowcaster: SolarNowcaster):
        self.nowcaster = nowcaster

    def adjust(self, gross_load, frames):
        _, solar = self.nowcaster.rollout(frames)
        return gross_load - solar


def main():
    frames = jax.random.uniform(jax.random.key(1), (6, 8, 5))
    gross = 120.0 + jnp.zeros((6, 8))
    model = SolarNowcaster(5, 16, rngs=nnx.Rngs(0))
    model.train()
    pipeline = NetLoadPipeline(model)
    jax.block_until_ready(pipeline.adjust(gross, frames))
    jax.block_until_ready(model.norm.mean[...])
    return None
