# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,20] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a BatchingServer looks its model up in a plugin registry, runs a while_loop over request chunks, and the body memoises each chunk's logits in a Python dict read when responding
"""Batching inference server for NNX models registered by name."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

_PLUGINS: Dict[str, Callable[..., nnx.Module]] = {}


def plugin(name):
    def deco(factory):
        _PLUGINS[name] = factory
        return factory

    return deco


@plugin("tiny-lm-head")
class LMHead(nnx.Module):
    def __init__(self, dim=8, vocab=20, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, h):
        return self.out(self.norm(h))


class BatchingServer:
    def __init__(self, name: str, chunk: int = 4):
        self.model = _PLUGINS[name](rngs=nnx.Rngs(0))
        self.model.eval()
        self.chunk = chunk
        self._logits_cache: Dict[str, jax.Array] = {}

    def serve(self, requests: jax.Array):
        n_chunks = requests.shape[0] // self.chunk
        chunks = requests.reshape(n_chunks, self.chunk, -1)

        def cond(c):
            return c[0] < n_chunks

        def body(c):
            i, total = c
            logits = self.model(chunks[i])
            self._logits_cache["last"] = logits
            return i + 1, total + logits.shape[0]

        lax.while_loop(cond, body, (0, 0))
        return jnp.argmax(self._logits_cache["last"], axis=-1)


def main():
    server = BatchingServer("tiny-lm-head")
    requests = jax.random.normal(jax.random.PRNGKey(0), (12, 8))
    print(server.serve(requests))
    return None
