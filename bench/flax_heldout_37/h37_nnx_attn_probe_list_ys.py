# label: ok
# flax-error: none
# class: 1 the decoder's raw jax.lax.scan body closes over the cross-attention module, which returns its weights; they leave the loop as scan outputs instead of being appended to a list attribute
"""Pointer-style decoder over encoder memory; attention maps are recorded for inspection."""
import jax
import jax.numpy as jnp
from flax import nnx


class CrossAttention(nnx.Module):
    def __init__(self, d: int, *, rngs: nnx.Rngs):
        self.q = nnx.Linear(d, d, rngs=rngs)
        self.k = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, h, memory):
        scores = jnp.einsum("bd,btd->bt", self.q(h), self.k(memory)) / jnp.sqrt(h.shape[-1])
        weights = jax.nn.softmax(scores, axis=-1)
        return jnp.einsum("bt,btd->bd", weights, memory), weights


class Decoder(nnx.Module):
    def __init__(self, d: int, *, rngs: nnx.Rngs):
        self.attn = CrossAttention(d, rngs=rngs)
        self.cell = nnx.GRUCell(d, d, rngs=rngs)

    def __call__(self, memory, steps: int):
        def body(h, _):
            ctx, weights = self.attn(h, memory)
            h, y = self.cell(h, ctx)
            return h, (y, weights)

        _, (ys, maps) = jax.lax.scan(body, memory.mean(1), None, length=steps)
        return ys, maps


def main():
    model = Decoder(16, rngs=nnx.Rngs(0))
    memory = jax.random.normal(jax.random.key(1), (2, 7, 16))
    _, maps = model(memory, steps=5)
    maps = jnp.swapaxes(maps, 0, 1)  # [batch, steps, memory]
    print(maps.argmax(-1))
