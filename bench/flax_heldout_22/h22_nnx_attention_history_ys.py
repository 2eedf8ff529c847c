# label: ok
# flax-error: none
# class: 2 scan body calls the decoder layer, which returns its attention map; the list attribute self.attn_history is filled after the loop
# modelled on: google/flax#5025 `jax.lax.map` is not compatible with `nnx.scan` (stateful NNX model under a raw JAX loop) and jax-ml/jax#4312 improve an escaped tracer error message
"""Greedy step-by-step decoding with a cross-attention layer that keeps its attention maps."""

import jax
import jax.numpy as jnp
from flax import nnx

D, SRC, STEPS = 8, 5, 4


class CrossAttentionStep(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.query = nnx.Linear(D, D, rngs=rngs)
        self.update_gate = nnx.Linear(2 * D, D, rngs=rngs)
        self.attn_history = []

    def __call__(self, h, memory):
        scores = jnp.einsum("bd,bsd->bs", self.query(h), memory) / jnp.sqrt(D)
        weights = jax.nn.softmax(scores, axis=-1)
        context = jnp.einsum("bs,bsd->bd", weights, memory)
        return jnp.tanh(self.update_gate(jnp.concatenate([h, context], axis=-1))), weights


def decode(layer, memory, h0):
    def step(h, _):
        h, weights = layer(h, memory)
        return h, (h, weights)

    h_final, (hs, weights) = jax.lax.scan(step, h0, None, length=STEPS)
    layer.attn_history.extend(list(weights))
    return h_final, hs


def main():
    layer = CrossAttentionStep(nnx.Rngs(0))
    memory = jax.random.normal(jax.random.key(1), (2, SRC, D))
    h_final, hs = decode(layer, memory, jnp.zeros((2, D)))
    attention_maps = jnp.stack(layer.attn_history)
    print("final", h_final.shape, "attention", attention_maps.shape, attention_maps.max())
    return None
