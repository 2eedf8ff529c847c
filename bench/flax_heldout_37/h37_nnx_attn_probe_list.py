# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the cross-attention module appends its weights to a plain Python list attribute (self.maps) on every call; the decoder's raw jax.lax.scan body calls it and the list is stacked after the loop
"""Pointer-style decoder over encoder memory; attention maps are recorded for inspection."""
import jax
import jax.numpy as jnp
from flax import nnx


class CrossAttention(nnx.Module):
    def __init__(self, d: int, *, rngs: nnx.Rngs):
        self.q = nnx.Linear(d, d, rngs=rngs)
        self.k = nnx.Linear(d, d, rngs=rngs)
        self.maps = []  # filled during decoding, for visualisation

    def __call__(self, h, memory):
        scores = jnp.einsum("bd,btd->bt", self.q(h), self.k(memory)) / jnp.sqrt(h.shape[-1])
        weights = jax.nn.softmax(scores, axis=-1)
        self.maps.append(weights)
        return jnp.einsum("bt,btd->bd", weights, memory)


class Decoder(nnx.Module):
    def __init__(self, d: int, *, rngs: nnx.Rngs):
        self.attn = CrossAttention(d, rngs=rngs)
        self.cell = nnx.GRUCell(d, d, rngs=rngs)

    def __call__(self, memory, steps: int):
        def body(h, _):
            ctx = self.attn(h, memory)
            h, y = self.cell(h, ctx)
            return h, y

        _, ys = jax.lax.scan(body, memory.mean(1), None, length=steps)
        return ys


def main():
    model = Decoder(16, rngs=nnx.Rngs(0))
    memory = jax.random.normal(jax.random.key(1), (2, 7, 16))
    model(memory, steps=5)
    maps = jnp.stack(model.attn.maps, axis=1)  # [batch, steps, memory]
    print(maps.argmax(-1))
