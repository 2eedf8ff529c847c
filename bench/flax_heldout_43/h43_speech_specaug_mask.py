# label: same-values
# flax-error: none
# class: 1 scan body defined next to the model closes over an nn.Dropout submodule (deterministic=False) and calls it each chunk
"""Chunked speech encoder with dropout on each chunk of filterbank features; returns the per-chunk keep masks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ChunkEncoder(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, chunks):  # chunks: [n_chunks, frames, mel]
        drop = nn.Dropout(self.rate, deterministic=False)

        def encode_chunk(carry, chunk):
            dropped = drop(chunk)
            keep = (dropped != 0).astype(jnp.float32)
            return carry, keep

        _, masks = jax.lax.scan(encode_chunk, None, chunks)
        return masks


def main():
    fbank = jnp.ones((6, 5, 8))
    model = ChunkEncoder()
    return model.apply({}, fbank, rngs={"dropout": jax.random.key(3)})
