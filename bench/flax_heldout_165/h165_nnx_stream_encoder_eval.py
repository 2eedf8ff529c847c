# label: ok
# flax-error: none
# class: 4 FeaturePipeline.stages[-1].encoder, an NNX module with BatchNorm switched to eval mode by freeze(), only read inside the scan body through the pipeline's stage list
"""Streaming feature pipeline: click-stream micro-batches go through an imputation stage and a
learned encoder stage, and the pipeline emits one embedding per micro-batch."""

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SessionEncoder(nnx.Module):
    def __init__(self, features, dim, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.norm(self.proj(x))).mean(axis=0)


class ImputeStage:
    def __init__(self, fill):
        self.fill = fill

    def __call__(self, batch):
        return jnp.where(jnp.isnan(batch), self.fill, batch)


class EncodeStage:
    def __init__(self, encoder):
        self.encoder = encoder

    def __call__(self, batch):
        return self.encoder(batch)


class FeaturePipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def freeze(self):
        for stage in self.stages:
            if isinstance(stage, EncodeStage):
                stage.encoder.eval()
        return self

    def run(self, stream):
        self.freeze()
        impute, encode = self.stages

        def body(count, batch):
            return count + 1, encode.encoder(impute(batch))

        _, embeddings = lax.scan(body, 0, stream)
        return embeddings


def main():
    encoder = SessionEncoder(features=6, dim=8, rngs=nnx.Rngs(0))
    pipeline = FeaturePipeline([ImputeStage(0.0), EncodeStage(encoder)])
    stream = jax.random.normal(jax.random.key(5), (4, 12, 6))
    stream = stream.at[0, 3, 2].set(jnp.nan)
    pipeline.run(stream)
    return None
