# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 StreamingEncoder.bound (codec.bind(..., mutable=['vq_stats'])) is called in the lax.while_loop body
"""Streaming neural audio codec with a vector-quantised latent.

The quantiser counts how often each codebook entry is used (`vq_stats`) so dead codes
can be re-seeded. The streaming encoder keeps one bound codec per stream and encodes
frames until the stream's bit budget is spent.
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
        self.bound = codec.bind(variables, mutable=["vq_stats"])

    def encode_until(self, frames, bit_budget):
        n = frames.shape[0]
        codes0 = jnp.zeros((n, FRAME // SUB), jnp.int32)

        def cond(state):
            i, bits, _ = state
            return (i < n) & (bits < bit_budget)

        def body(state):
            i, bits, codes = state
            idx = self.bound.encode(frames[i])
            return i + 1, bits + idx.shape[0] * self.bits_per_code, codes.at[i].set(idx)

        count, _, codes = lax.while_loop(cond, body, (0, 0, codes0))
        return codes, count

    def codebook_usage(self):
        return self.bound.variables["vq_stats"]["vq"]["usage"]


def main():
    codec = FrameCodec()
    variables = codec.init(jax.random.PRNGKey(0), jnp.zeros((FRAME,)))
    stream = jax.random.normal(jax.random.PRNGKey(1), (12, FRAME))
    encoder = StreamingEncoder(codec, variables)
    codes, count = encoder.encode_until(stream, bit_budget=128)
    dead_codes = jnp.sum(encoder.codebook_usage() == 0)
    jax.block_until_ready((codes, dead_codes))
    return None
