# label: ok
# flax-error: none
# class: 1 a speech decoding service draws one key from its nnx.Rngs "sample" stream before the scan, splits it per step and feeds the keys as xs; returns the per-step Gumbel noise
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class GRUDecoder(nnx.Module):
    def __init__(self, vocab, dim, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.cell = nnx.GRUCell(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def step(self, hidden, token):
        hidden, h = self.cell(hidden, self.embed(token))
        return hidden, self.out(h)


class SpeechDecodingService:
    def __init__(self, decoder, seed=0, temperature=0.8, max_len=6):
        self.decoder = decoder
        self.rngs = nnx.Rngs(sample=seed)
        self.temperature, self.max_len = temperature, max_len

    def sample_transcript(self, enc_state):
        keys = jax.random.split(self.rngs.sample(), self.max_len)
        tokens = jnp.zeros((enc_state.shape[0],), jnp.int32)

        def body(carry, key):
            hidden, token = carry
            hidden, logits = self.decoder.step(hidden, token)
            noise = jax.random.gumbel(key, logits.shape)
            token = jnp.argmax(logits / self.temperature + noise, axis=-1)
            return (hidden, token), noise

        _, noises = lax.scan(body, (enc_state, tokens), keys)
        return noises


def main():
    decoder = GRUDecoder(vocab=10, dim=8, rngs=nnx.Rngs(0))
    enc_state = jax.random.normal(jax.random.key(5), (2, 8))
    return SpeechDecodingService(decoder, seed=1).sample_transcript(enc_state)
