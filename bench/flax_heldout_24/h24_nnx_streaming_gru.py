# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'StreamingGRU' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the module itself is passed as the raw lax.scan body; its __call__ stores the newest hidden state in the plain attribute self.last_hidden
# modelled on: google/flax issue #3997 "NNX + mutable state + JIT = \"Cannot mutate <module name> from a different trace level\"" and google/flax issue #4780 "nnx.scan working" (jax.lax.scan vs nnx.scan)
"""Streaming GRU encoder that keeps its last hidden state between calls."""
import jax
import jax.numpy as jnp
from flax import nnx


class StreamingGRU(nnx.Module):
    def __init__(self, in_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(in_features, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden
        self.last_hidden = None

    def __call__(self, h, x):
        h, _ = self.cell(h, x)
        self.last_hidden = h
        return h, self.readout(h)

    def initial_state(self, batch: int):
        if self.last_hidden is not None:
            return self.last_hidden
        return jnp.zeros((batch, self.hidden))


def encode_chunk(model: StreamingGRU, chunk):
    h0 = model.initial_state(chunk.shape[1])
    h, ys = jax.lax.scan(model, h0, chunk)
    return ys


def main():
    model = StreamingGRU(3, 8, rngs=nnx.Rngs(0))
    stream = jax.random.normal(jax.random.key(1), (2, 10, 4, 3))
    outputs = [encode_chunk(model, chunk) for chunk in stream]
    print(jnp.concatenate(outputs).shape)
    return None
