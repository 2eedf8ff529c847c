# label: ok
# flax-error: none
# class: 5 the retriever keeps a memory nnx.Variable; the hop body built by a helper carries the memory array through the raw scan and retrieve() writes it back afterwards
"""Iterative retrieval-augmented generation: each hop retrieves from a datastore and writes the passage into a memory slot."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Memory(nnx.Variable):
    pass


class IterativeRAG(nnx.Module):
    def __init__(self, dim: int, slots: int, rngs: nnx.Rngs):
        self.q_proj = nnx.Linear(dim, dim, rngs=rngs)
        self.fuse = nnx.Linear(2 * dim, dim, rngs=rngs)
        self.memory = Memory(jnp.zeros((slots, dim)))


def make_hop(model: IterativeRAG, datastore):
    def hop(carry, slot):
        q, memory = carry
        scores = datastore @ model.q_proj(q)
        passage = jax.nn.softmax(scores) @ datastore
        memory = memory.at[slot].set(passage)
        q = jnp.tanh(model.fuse(jnp.concatenate([q, passage])))
        return (q, memory), scores.max()
    return hop


def retrieve(model, question, datastore, hops):
    hop = make_hop(model, datastore)
    (q, memory), best = jax.lax.scan(hop, (question, model.memory.value), jnp.arange(hops))
    model.memory.value = memory
    return q, best


def main():
    model = IterativeRAG(16, 3, nnx.Rngs(0))
    datastore = jax.random.normal(jax.random.key(1), (64, 16))
    q, best = retrieve(model, jnp.ones((16,)), datastore, hops=3)
    model.memory.value.sum().block_until_ready()
