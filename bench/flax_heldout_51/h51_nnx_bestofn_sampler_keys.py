# label: ok
# flax-error: none
# class: 2 a sampler object stores one key drawn from nnx.Rngs in __init__ and scans over keys split from it, one per candidate
"""Best-of-n sampling: a Sampler wraps an NNX language-model head, computes next-token logits
for a prompt once and draws n candidate tokens in a jax.lax.scan, then scores them.
main() returns the sampled candidate tokens (step = candidate)."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class LMHead(nnx.Module):
    def __init__(self, dim, vocab, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.proj = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, tokens):
        h = self.embed(tokens).mean(axis=1)
        return self.proj(h)


class Sampler:
    def __init__(self, model, temperature=1.0, *, rngs: nnx.Rngs):
        self.model = model
        self.temperature = temperature
        self.key = rngs.sample()

    def best_of_n(self, prompt, n):
        logits = self.model(prompt) / self.temperature

        keys = jax.random.split(self.key, n)

        def body(carry, key):
            tok = jax.random.categorical(key, logits, axis=-1)
            score = jnp.take_along_axis(jax.nn.log_softmax(logits), tok[:, None], axis=-1)[:, 0]
            return carry, (tok, score)

        _, (tokens, scores) = scan(body, None, keys)
        return tokens, scores


def main():
    model = LMHead(16, 50, rngs=nnx.Rngs(0))
    sampler = Sampler(model, temperature=2.0, rngs=nnx.Rngs(sample=3))
    tokens, _ = sampler.best_of_n(jnp.array([[1, 2, 3, 4]]), n=6)
    return tokens
