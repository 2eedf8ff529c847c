# label: ok
# flax-error: none
# class: 4 ClauseRetriever -> CallbackList -> ScoreRecorder hook receives the scan's ys (scores of retriever.encoder) after the loop
"""Legal clause retrieval: score a contract's clauses against a query, with callbacks recording the scores."""
import jax
import jax.numpy as jnp
from flax import nnx


class ClauseEncoder(nnx.Module):
    def __init__(self, vocab_dim: int, dim: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(vocab_dim, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)

    def __call__(self, bag_of_terms):
        h = self.norm(jnp.tanh(self.proj(bag_of_terms)))
        return h / (jnp.linalg.norm(h, axis=-1, keepdims=True) + 1e-6)


class ScoreRecorder:
    def __init__(self):
        self.scores = []

    def on_clause(self, index, score):
        self.scores.append(score)

    def top_k(self, k):
        return jnp.argsort(-jnp.stack(self.scores))[:k]


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_clause(self, index, score):
        for cb in self.callbacks:
            cb.on_clause(index, score)


class ClauseRetriever:
    def __init__(self, encoder: ClauseEncoder, callbacks: CallbackList):
        self.encoder = encoder
        self.callbacks = callbacks

    def scan_contract(self, query, clauses):
        q = self.encoder(query)

        def body(best, clause):
            score = jnp.dot(self.encoder(clause), q)
            return jnp.maximum(best, score), score

        best, scores = jax.lax.scan(body, jnp.float32(-1.0), clauses)
        for index in range(clauses.shape[0]):
            self.callbacks.on_clause(index, scores[index])
        return best


def main():
    recorder = ScoreRecorder()
    retriever = ClauseRetriever(ClauseEncoder(32, 16, nnx.Rngs(0)), CallbackList([recorder]))
    clauses = jax.random.bernoulli(jax.random.key(1), 0.2, (10, 32)).astype(jnp.float32)
    query = clauses[3] + 0.1
    retriever.scan_contract(query, clauses)
    jax.block_until_ready(recorder.top_k(3))
    return None
