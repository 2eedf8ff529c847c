# label: ok
# flax-error: none
# class: 1 CharLM.generate runs the scan itself; the module's self.cache hidden state is threaded through the scan carry and written back after the loop
"""Character-level GRU language model: prime the hidden state on a prompt, then decode greedily
in chunks, resuming from the cached hidden state."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

VOCAB = "^abcdefghi $"


class CharLM(nn.Module):
    vocab_size: int = len(VOCAB)
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, self.hidden)
        self.cell = nn.GRUCell(features=self.hidden)
        self.proj = nn.Dense(self.vocab_size)
        self.cache = self.variable("cache", "hidden", jnp.zeros, (self.hidden,))

    def __call__(self, tokens):
        h = jnp.zeros((self.hidden,))
        logits = []
        for t in range(tokens.shape[0]):
            h, out = self.cell(h, self.embed(tokens[t]))
            logits.append(self.proj(out))
        return jnp.stack(logits)

    def prime(self, prompt):
        for t in range(prompt.shape[0]):
            self.cache.value, _ = self.cell(self.cache.value, self.embed(prompt[t]))
        return prompt[-1]

    def generate(self, first_token, length: int):
        def step(carry, _):
            h, token = carry
            h, out = self.cell(h, self.embed(token))
            next_token = jnp.argmax(self.proj(out), axis=-1)
            return (h, next_token), next_token

        (h, _), tokens = scan(step, (self.cache.value, first_token), None, length=length)
        self.cache.value = h
        return tokens


def encode(text):
    return jnp.array([VOCAB.index(c) for c in text])


def main():
    model = CharLM()
    prompt = encode("^abca")
    params = model.init(jax.random.PRNGKey(0), prompt)["params"]

    last, cache = model.apply({"params": params}, prompt, method=CharLM.prime, mutable=["cache"])
    chunks = []
    for _ in range(2):
        tokens, cache = model.apply(
            {"params": params, **cache}, last, 4, method=CharLM.generate, mutable=["cache"]
        )
        chunks.append(tokens)
        last = tokens[-1]
    jax.block_until_ready(jnp.concatenate(chunks))
    return None
