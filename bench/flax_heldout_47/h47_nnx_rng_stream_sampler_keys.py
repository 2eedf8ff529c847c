# label: ok
# flax-error: none
# class: 2 BatchedSampler draws one key from its nnx.Rngs stream before the loop, splits it per step and scans over the keys
"""Batched ancestral sampling for a small NNX language model in a serving engine."""
import jax
import jax.numpy as jnp
from flax import nnx


class TinyLM(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tokens):
        return self.head(jnp.tanh(self.embed(tokens)))


class BatchedSampler:
    def __init__(self, model, seed, temperature=1.0):
        self.model = model
        self.rngs = nnx.Rngs(sample=seed)
        self.temperature = temperature

    def generate(self, prompt, steps):
        keys = jax.random.split(self.rngs.sample(), steps)

        def body(tokens, key):
            logits = self.model(tokens) / self.temperature
            nxt = jax.random.categorical(key, logits)
            return nxt, nxt

        _, samples = jax.lax.scan(body, prompt, keys)
        return samples


def main():
    model = TinyLM(10, 8, nnx.Rngs(0))
    prompt = jnp.zeros((8,), jnp.int32)
    return BatchedSampler(model, seed=5).generate(prompt, steps=5)
