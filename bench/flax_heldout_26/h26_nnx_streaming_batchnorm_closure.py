# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 BatchNorm submodule in training mode (updating BatchStat variables) reached through the model inside the raw lax.scan body
# modelled on: nn.scan + nn.BatcnNorm (google/flax#2052)
"""Stream chunks of a dataset through a normalised feature extractor."""
import jax
import jax.numpy as jnp
from flax import nnx


class FeatureNet(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, dout, rngs=rngs)
        self.norm = nnx.BatchNorm(dout, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.norm(self.proj(x)))


def stream_features(model, chunks):
    def body(acc, chunk):
        feats = model(chunk)
        return acc + feats.mean(0), feats

    acc, feats = jax.lax.scan(body, jnp.zeros(model.norm.num_features), chunks)
    return acc / chunks.shape[0], feats


def main():
    model = FeatureNet(3, 8, rngs=nnx.Rngs(0))
    chunks = jax.random.normal(jax.random.key(1), (4, 32, 3)) * 3.0 + 2.0
    model.train()
    mean_feat, feats = stream_features(model, chunks)
    model.eval()
    y = model(chunks[0])
    assert y.shape == (32, 8)
    jax.block_until_ready(mean_feat)
    return None
