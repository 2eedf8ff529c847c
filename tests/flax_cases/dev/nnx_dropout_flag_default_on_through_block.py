# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a raw scan over chunks calls the encoder with no flag; its `deterministic=False` default reaches a block's `nnx.Dropout` through `self.block(x, deterministic)`
import jax
import jax.numpy as jnp
from flax import nnx


class ResidualBlock(nnx.Module):
    def __init__(self, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(width, width, rngs=rngs)
        self.dropout = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, x, deterministic):
        return x + self.dropout(jax.nn.gelu(self.proj(x)), deterministic=deterministic)


class ChunkEncoder(nnx.Module):
    def __init__(self, width: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(3, width, rngs=rngs)
        self.block = ResidualBlock(width, rngs)

    def __call__(self, chunk, deterministic: bool = False):
        return self.block(self.embed(chunk), deterministic).mean(axis=0)


def encode_stream(encoder, chunks):
    def step(summary, chunk):
        code = encoder(chunk)
        return summary + code, code

    return jax.lax.scan(step, jnp.zeros(8), chunks)


def main():
    encoder = ChunkEncoder(8, nnx.Rngs(0))
    chunks = jnp.ones((4, 5, 3))
    encode_stream(encoder, chunks)
