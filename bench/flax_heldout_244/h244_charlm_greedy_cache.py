# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 CharLM.generate runs the scan itself and its body reads and writes the module's self.cache variable (apply with mutable=["cache"])
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
        def step(token, _):
            self.cache.value, out = self.cell(self.cache.value, self.embed(token))
            next_token = jnp.argmax(self.proj(out), axis=-1)
            return next_token, next_token

        _, tokens = scan(step, first_token, None, length=length)
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
