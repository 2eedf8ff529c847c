# label: ok
# flax-error: none
# class: 1 scan body calls the NNX encoder and returns each frame embedding as ys; the history list is filled after the loop
"""Streaming speaker-embedding encoder that keeps the per-frame embeddings for later pooling."""
import jax
import jax.numpy as jnp
from flax import nnx


class FrameEncoder(nnx.Module):
    def __init__(self, n_mels, dim, *, rngs):
        self.proj = nnx.Linear(n_mels, dim, rngs=rngs)
        self.history = []

    def __call__(self, h, frame):
        e = jnp.tanh(self.proj(frame) + 0.5 * h)
        return e

    def pooled(self):
        return jnp.stack(self.history).mean(0)


def main():
    enc = FrameEncoder(20, 8, rngs=nnx.Rngs(0))
    mels = jnp.ones((15, 20))
    _, embs = jax.lax.scan(lambda h, f: (enc(h, f), enc(h, f)), jnp.zeros((8,)), mels)
    enc.history.extend(list(embs))
    spk = enc.pooled()
    spk.block_until_ready()
    return None
