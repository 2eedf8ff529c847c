# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 inference pipeline stores the encoder output computed in the scan body in its Python-side cache; the next call reuses it
"""A streaming inference pipeline: encode a document once, then answer queries chunk by chunk."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Encoder(nnx.Module):
    def __init__(self, d, *, rngs):
        self.proj = nnx.Linear(d, d, rngs=rngs)
        self.norm = nnx.LayerNorm(d, rngs=rngs)

    def __call__(self, x):
        return self.norm(nnx.gelu(self.proj(x)))


class Reader(nnx.Module):
    def __init__(self, d, *, rngs):
        self.q = nnx.Linear(d, d, rngs=rngs)

    def __call__(self, memory, query):
        attn = jax.nn.softmax(self.q(query) @ memory.T, axis=-1)
        return attn @ memory


class InferencePipeline:
    def __init__(self, encoder, reader):
        self.encoder = encoder
        self.reader = reader
        self._memory_cache = {}

    def _memory(self, doc_id, doc):
        if doc_id not in self._memory_cache:
            self._memory_cache[doc_id] = self.encoder(doc)
        return self._memory_cache[doc_id]

    def answer(self, doc_id, doc, query_chunks):
        def body(carry, queries):
            memory = self._memory(doc_id, doc)
            out = self.reader(memory, queries)
            return carry + out.sum(), out

        _, outs = scan(body, jnp.zeros(()), query_chunks)
        return outs


def main():
    rngs = nnx.Rngs(0)
    pipe = InferencePipeline(Encoder(8, rngs=rngs), Reader(8, rngs=rngs))
    pipe.encoder.eval()
    doc = jax.random.normal(jax.random.key(1), (12, 8))
    queries = jax.random.normal(jax.random.key(2), (3, 4, 8))
    pipe.answer("doc-1", doc, queries)
    outs = pipe.answer("doc-1", doc, queries * 2.0)
    print(float(outs.sum()))
    return None
