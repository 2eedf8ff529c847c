# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 scan body calls an NNX encoder whose __call__ appends each frame embedding to a plain Python list attribute
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
        self.history.append(e)
        return e

    def pooled(self):
        return jnp.stack(self.history).mean(0)


def main():
    enc = FrameEncoder(20, 8, rngs=nnx.Rngs(0))
    mels = jnp.ones((15, 20))
    jax.lax.scan(lambda h, f: (enc(h, f), None), jnp.zeros((8,)), mels)
    spk = enc.pooled()
    spk.block_until_ready()
    return None
