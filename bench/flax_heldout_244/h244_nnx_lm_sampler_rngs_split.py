# label: ok
# flax-error: none
# class: 4 TemperatureSampler.draw splits one key from self.model.rngs.sample() (the language model's nnx.Rngs) into per-sample keys outside the loop and scans over them as xs
"""Temperature sampling of next-token candidates from a GRU language model (nnx), e.g. to
rerank several continuations of the same prompt."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RNNLM(nnx.Module):
    def __init__(self, vocab: int, hidden: int, rngs: nnx.Rngs):
        self.hidden = hidden
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)
        self.rngs = rngs

    def encode(self, prompt):
        h = jnp.zeros((self.hidden,))
        for token in prompt:
            h, _ = self.cell(h, self.embed(token))
        return h

    def next_logits(self, h):
        return self.head(h)


class TemperatureSampler:
    def __init__(self, model: RNNLM, temperature: float = 1.0):
        self.model = model
        self.temperature = temperature

    def draw(self, prompt, num_samples: int):
        logits = self.model.next_logits(self.model.encode(prompt)) / self.temperature
        keys = jax.random.split(self.model.rngs.sample(), num_samples)

        def body(count, key):
            token = jax.random.categorical(key, logits)
            return count + 1, token

        _, tokens = lax.scan(body, 0, keys)
        return tokens


def main():
    lm = RNNLM(vocab=10, hidden=16, rngs=nnx.Rngs(params=0, sample=1))
    sampler = TemperatureSampler(lm, temperature=1.5)
    prompt = jnp.array([2, 7, 1, 8])
    return sampler.draw(prompt, num_samples=8)
