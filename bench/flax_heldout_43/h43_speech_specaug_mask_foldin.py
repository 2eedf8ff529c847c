# label: ok
# flax-error: none
# class: 1 scan body closes over nn.Dropout but passes rng=fold_in(key, chunk index) with the key drawn before the loop
"""Chunked speech encoder with dropout on each chunk of filterbank features; returns the per-chunk keep masks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ChunkEncoder(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, chunks):  # chunks: [n_chunks, frames, mel]
        drop = nn.Dropout(self.rate, deterministic=False)
        key = self.make_rng("dropout")

        def encode_chunk(carry, inp):
            idx, chunk = inp
            dropped = drop(chunk, rng=jax.random.fold_in(key, idx))
            keep = (dropped != 0).astype(jnp.float32)
            return carry, keep

        _, masks = jax.lax.scan(encode_chunk, None, (jnp.arange(chunks.shape[0]), chunks))
        return masks


def main():
    fbank = jnp.ones((6, 5, 8))
    model = ChunkEncoder()
    return model.apply({}, fbank, rngs={"dropout": jax.random.key(3)})
