# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 TemperatureSampler calls its stored nnx.Rngs "sample" stream inside the scan body
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class SummaryDecoder(nnx.Module):
    def __init__(self, vocab, hidden, *, rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.proj = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.proj(jnp.tanh(self.embed(tok)))


class TemperatureSampler(nnx.Module):
    def __init__(self, decoder, rngs: nnx.Rngs, temperature=0.8):
        self.decoder = decoder
        self.rngs = rngs
        self.temperature = temperature

    def sample(self, first_tok, max_len):
        def body(tok, _):
            logits = self.decoder(tok) / self.temperature
            nxt = jax.random.categorical(self.rngs.sample(), logits)
            return nxt, nxt

        _, toks = jax.lax.scan(body, first_tok, None, length=max_len)
        return toks


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    sampler = TemperatureSampler(SummaryDecoder(32, 16, rngs=rngs), rngs)
    sampler.sample(jnp.ones((2,), jnp.int32), max_len=6)
    return None
