# label: ok
# flax-error: none
# class: 3 StreamingEncoder.codec / .params used in the lax.while_loop body, vq_stats carried through the loop state
"""Streaming neural audio codec with a vector-quantised latent.

The quantiser counts how often each codebook entry is used (`vq_stats`) so dead codes
can be re-seeded. The streaming encoder keeps the codec and its params per stream;
the usage counters travel in the while_loop state and are stored after the loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

FRAME = 32
SUB = 8


class VectorQuantizer(nn.Module):
    codebook_size: int = 16
    dim: int = 4

    @nn.compact
    def __call__(self, z):
        codebook = self.param("codebook", nn.initializers.normal(1.0), (self.codebook_size, self.dim))
        usage = self.variable("vq_stats", "usage", jnp.zeros, (self.codebook_size,))
        dist = jnp.sum((z[:, None, :] - codebook[None]) ** 2, axis=-1)
        idx = jnp.argmin(dist, axis=-1)
        if not self.is_initializing():
            usage.value = usage.value + jnp.bincount(idx, length=self.codebook_size)
        zq = codebook[idx]
        return z + lax.stop_gradient(zq - z), idx


class FrameCodec(nn.Module):
    def setup(self):
        self.enc = nn.Dense(4)
        self.vq = VectorQuantizer()
        self.dec = nn.Dense(SUB)

    def encode(self, frame):
        _, idx = self.vq(self.enc(frame.reshape(-1, SUB)))
        return idx

    def __call__(self, frame):
        zq, _ = self.vq(self.enc(frame.reshape(-1, SUB)))
        return self.dec(zq).reshape(-1)


class StreamingEncoder:
    bits_per_code = 4

    def __init__(self, codec, variables):
        self.codec = codec
        self.params = variables["params"]
        self.vq_stats = variables["vq_stats"]

    def encode_until(self, frames, bit_budget):
        n = frames.shape[0]
        codes0 = jnp.zeros((n, FRAME // SUB), jnp.int32)

        def cond(state):
            i, bits, _, _ = state
            return (i < n) & (bits < bit_budget)

        def body(state):
            i, bits, codes, stats = state
            idx, updates = self.codec.apply(
                {"params": self.params, "vq_stats": stats}, frames[i],
                method=FrameCodec.encode, mutable=["vq_stats"],
            )
            bits = bits + idx.shape[0] * self.bits_per_code
            return i + 1, bits, codes.at[i].set(idx), updates["vq_stats"]

        count, _, codes, stats = lax.while_loop(cond, body, (0, 0, codes0, self.vq_stats))
        self.vq_stats = stats
        return codes, count

    def codebook_usage(self):
        return self.vq_stats["vq"]["usage"]


def main():
    codec = FrameCodec()
    variables = codec.init(jax.random.PRNGKey(0), jnp.zeros((FRAME,)))
    stream = jax.random.normal(jax.random.PRNGKey(1), (12, FRAME))
    encoder = StreamingEncoder(codec, variables)
    codes, count = encoder.encode_until(stream, bit_budget=128)
    dead_codes = jnp.sum(encoder.codebook_usage() == 0)
    jax.block_until_ready((codes, dead_codes))
    return None
