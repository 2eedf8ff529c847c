# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 BatchedSampler draws from self.rngs.sample(), an nnx.Rngs stream owned by the sampler, inside the scan body
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
        def body(tokens, _):
            logits = self.model(tokens) / self.temperature
            nxt = jax.random.categorical(self.rngs.sample(), logits)
            return nxt, nxt

        _, samples = jax.lax.scan(body, prompt, None, length=steps)
        return samples


def main():
    model = TinyLM(10, 8, nnx.Rngs(0))
    prompt = jnp.zeros((8,), jnp.int32)
    return BatchedSampler(model, seed=5).generate(prompt, steps=5)
