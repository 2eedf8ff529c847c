# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 scan body calls the decoder layer, whose __call__ appends to the plain Python list attribute self.attn_history
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
        self.attn_history.append(weights)
        context = jnp.einsum("bs,bsd->bd", weights, memory)
        return jnp.tanh(self.update_gate(jnp.concatenate([h, context], axis=-1)))


def decode(layer, memory, h0):
    def step(h, _):
        h = layer(h, memory)
        return h, h

    return jax.lax.scan(step, h0, None, length=STEPS)


def main():
    layer = CrossAttentionStep(nnx.Rngs(0))
    memory = jax.random.normal(jax.random.key(1), (2, SRC, D))
    h_final, hs = decode(layer, memory, jnp.zeros((2, D)))
    attention_maps = jnp.stack(layer.attn_history)
    print("final", h_final.shape, "attention", attention_maps.shape, attention_maps.max())
    return None
