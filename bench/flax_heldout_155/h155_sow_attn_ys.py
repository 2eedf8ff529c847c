# label: ok
# flax-error: none
# class: 4 the body calls self.encoder.mixer, which returns its attention weights; they leave the loop as the scan's per-step outputs
"""Recurrent memory model whose attention weights are collected for plotting (working variant).

Instead of sowing inside the traced body, the mixer returns its attention map and the scan
stacks it as its per-step output; apply needs no mutable collection.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Mixer(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, memory, query):
        q = nn.Dense(self.dim, name="q")(query)
        scores = memory @ q / jnp.sqrt(self.dim)
        attn = jax.nn.softmax(scores)
        return attn @ memory, attn


class Encoder(nn.Module):
    dim: int

    def setup(self):
        self.mixer = Mixer(self.dim)
        self.update = nn.Dense(self.dim)

    def __call__(self, memory, query):
        read, _ = self.mixer(memory, query)
        return jnp.tanh(self.update(jnp.concatenate([read, query])))


class Reader(nn.Module):
    dim: int = 8

    def setup(self):
        self.encoder = Encoder(self.dim)

    def read_once(self, memory, query):
        return self.encoder(memory, query)

    def __call__(self, memory, queries):
        def body(state, q):
            r, attn = self.encoder.mixer(memory, q + state)
            state = jnp.tanh(self.encoder.update(jnp.concatenate([r, q])))
            return state, (state, attn)

        _, (states, attn) = scan(body, jnp.zeros(self.dim), queries)
        return states, attn


def main():
    model = Reader()
    memory = jax.random.normal(jax.random.key(0), (5, 8))
    queries = jax.random.normal(jax.random.key(1), (4, 8))
    variables = model.init(jax.random.key(2), memory, queries[0], method=Reader.read_once)
    states, attn = model.apply({"params": variables["params"]}, memory, queries)
    print(states.shape, attn.sum(-1))
    return None
