# label: ok
# flax-error: none
# class: 2 model split before the raw lax.scan; the state rides in the carry and is merged inside the body, then written back with nnx.update
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
    graphdef, state = nnx.split(model)

    def body(carry, chunk):
        state, acc = carry
        m = nnx.merge(graphdef, state)
        feats = m(chunk)
        return (nnx.state(m), acc + feats.mean(0)), feats

    (state, acc), feats = jax.lax.scan(
        body, (state, jnp.zeros(model.norm.num_features)), chunks)
    nnx.update(model, state)
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
