# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "retrieved" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the while_loop body is the module method self.hop, which appends the retrieved passage to a 'cache' variable
"""Multi-hop retrieval-augmented reader: the query is refined until the retrieval score stops improving."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class IterativeRetriever(nn.Module):
    dim: int = 16
    max_hops: int = 4

    def setup(self):
        self.query_update = nn.Dense(self.dim)
        self.retrieved = self.variable("cache", "retrieved", jnp.zeros, (self.max_hops, self.dim))
        self.n_hops = self.variable("cache", "n_hops", lambda: jnp.int32(0))

    def hop(self, state, corpus):
        q, best, hop = state
        scores = corpus @ q
        doc = corpus[jnp.argmax(scores)]
        self.retrieved.value = self.retrieved.value.at[hop].set(doc)
        self.n_hops.value = hop + 1
        q = jnp.tanh(self.query_update(jnp.concatenate([q, doc]) [: self.dim] + doc))
        return q, jnp.max(scores), hop + 1

    def __call__(self, q, corpus):
        self.query_update(q)

        def cond(state):
            _, best, hop = state
            return (hop < self.max_hops) & (best < 3.0)

        q, _, _ = lax.while_loop(cond, lambda s: self.hop(s, corpus), (q, -jnp.inf, jnp.int32(0)))
        return q


def main():
    corpus = jax.random.normal(jax.random.key(0), (50, 16))
    q = jax.random.normal(jax.random.key(1), (16,))
    model = IterativeRetriever()
    variables = model.init(jax.random.key(2), q, corpus)
    model.apply(variables, q, corpus).block_until_ready()
