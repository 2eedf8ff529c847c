# label: ok
# flax-error: none
# class: 3 the scan body calls `model`, which returns its attention weights; they leave the loop as scan outputs instead of model.history
"""Pointer-style attention decoder that records its attention maps.

The module returns its attention weights with the new state, and the raw
lax.scan that closes over the model emits them as per-step outputs, so the
maps come out stacked; model.history is only filled after the loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class AttnDecoder(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.query = nnx.Linear(d, d, rngs=rngs)
        self.update = nnx.Linear(2 * d, d, rngs=rngs)
        self.history = []

    def __call__(self, h, memory):
        weights = jax.nn.softmax(memory @ self.query(h))
        context = weights @ memory
        return jnp.tanh(self.update(jnp.concatenate([h, context]))), weights


def main():
    memory = jax.random.normal(jax.random.key(0), (7, 8))
    model = AttnDecoder(8, nnx.Rngs(1))

    def body(h, _):
        h, weights = model(h, memory)
        return h, weights

    h, maps = lax.scan(body, jnp.zeros(8), None, length=4)
    model.history.extend(list(maps))
    print("final state", h.mean(), "maps", jnp.stack(model.history).shape)
    return None
