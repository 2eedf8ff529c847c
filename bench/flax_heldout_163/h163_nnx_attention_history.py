# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body calls `model`, whose __call__ appends its attention weights to model.history, a plain Python list attribute
"""Pointer-style attention decoder that records its attention maps.

Like many research notebooks, the module keeps a Python list of attention
weights for plotting and appends to it on every call. Decoding runs in a raw
lax.scan that closes over the model; afterwards the history is stacked.
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
        self.history.append(weights)
        context = weights @ memory
        return jnp.tanh(self.update(jnp.concatenate([h, context])))


def main():
    memory = jax.random.normal(jax.random.key(0), (7, 8))
    model = AttnDecoder(8, nnx.Rngs(1))

    def body(h, _):
        h = model(h, memory)
        return h, None

    h, _ = lax.scan(body, jnp.zeros(8), None, length=4)
    maps = jnp.stack(model.history)
    print("final state", h.mean(), "maps", maps.shape)
    return None
