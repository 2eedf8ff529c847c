# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body calls step_fn = functools.partial(model.decode_step, memory=memory), a bound method of an NNX module that appends to its plain-list attribute
"""Bahdanau-style attention decoder in NNX that records its attention maps for plotting.

A generic `unroll(step_fn, h0, steps)` helper drives any step function with lax.scan;
the decoder's step is handed over as a functools.partial with the encoder memory bound.
The recorded maps are stacked afterwards for a heatmap.
"""
import functools

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax
SRC_LEN, DIM, STEPS = 6, 8, 5


class AttnDecoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.query = nnx.Linear(DIM, DIM, rngs=rngs)
        self.cell = nnx.GRUCell(DIM, DIM, rngs=rngs)
        self.attention_maps = []

    def decode_step(self, h, memory):
        scores = memory @ self.query(h)
        weights = jax.nn.softmax(scores)
        self.attention_maps.append(weights)
        context = weights @ memory
        h, out = self.cell(h, context)
        return h, out


def unroll(step_fn, h0, steps):
    def body(h, _):
        return step_fn(h)

    return lax.scan(body, h0, None, length=steps)


def main():
    memory = jax.random.normal(jax.random.key(0), (SRC_LEN, DIM))
    model = AttnDecoder(nnx.Rngs(1))
    step_fn = functools.partial(model.decode_step, memory=memory)
    _, outputs = unroll(step_fn, jnp.zeros(DIM), STEPS)
    heatmap = jnp.stack(model.attention_maps)
    print("outputs", outputs.shape, "attention", heatmap.shape)
    return None
