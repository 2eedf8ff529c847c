# label: ok
# flax-error: none
# class: 2 the model is switched to eval mode before the raw scan, so the body only reads the BatchNorm stats
"""Extracting features chunk by chunk with lax.scan, after model.eval() as the maintainer suggested."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Features(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Conv(1, 4, (3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.conv(x))).mean(axis=(1, 2))


def main():
    model = Features(nnx.Rngs(0))
    chunks = jax.random.normal(jax.random.PRNGKey(0), (3, 2, 8, 8, 1))
    model.eval()

    def body(carry, chunk):
        return carry, model(chunk)

    _, feats = lax.scan(body, None, chunks)
    feats.block_until_ready()
    return None
