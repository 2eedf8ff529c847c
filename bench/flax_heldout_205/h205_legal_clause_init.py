# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 ClauseEncoder.__call__ runs jax.lax.scan whose body makes the first calls of its setup submodules (params created at init inside the scan)
"""Legal clause retrieval: encode contract clauses chunk by chunk and rank them against a query."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ClauseEncoder(nn.Module):
    dim: int = 16

    def setup(self):
        self.proj = nn.Dense(self.dim)
        self.gate = nn.Dense(self.dim)

    def __call__(self, chunks):
        # chunks: [n_chunks, tokens_per_chunk, features]
        def body(acc, chunk):
            h = jnp.tanh(self.proj(chunk)) * nn.sigmoid(self.gate(chunk))
            pooled = h.mean(0)
            return acc + pooled, pooled

        total, per_chunk = jax.lax.scan(body, jnp.zeros((self.dim,)), chunks)
        return total / chunks.shape[0], per_chunk


class ClauseIndex:
    def __init__(self, encoder, variables):
        self.encoder = encoder
        self.variables = variables
        self.ids = []
        self.vectors = []

    def add(self, clause_id, chunks):
        vec, _ = self.encoder.apply(self.variables, chunks)
        self.ids.append(clause_id)
        self.vectors.append(vec / (jnp.linalg.norm(vec) + 1e-6))

    def search(self, query_chunks, k=2):
        q, _ = self.encoder.apply(self.variables, query_chunks)
        q = q / (jnp.linalg.norm(q) + 1e-6)
        scores = jnp.stack(self.vectors) @ q
        order = jnp.argsort(-scores)[:k]
        return [self.ids[int(i)] for i in order]


def main():
    encoder = ClauseEncoder()
    rng = jax.random.key(0)
    clauses = {
        name: jax.random.normal(jax.random.fold_in(rng, i), (3, 5, 12))
        for i, name in enumerate(["indemnity", "termination", "governing_law", "confidentiality"])
    }
    variables = encoder.init(jax.random.key(1), clauses["indemnity"])
    index = ClauseIndex(encoder, variables)
    for name, chunks in clauses.items():
        index.add(name, chunks)
    index.search(jax.random.normal(jax.random.key(2), (3, 5, 12)))
    return None
