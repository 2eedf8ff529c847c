# label: ok
# flax-error: none
# class: 4 the decoder is reached as self.model.decoder (translator -> model -> decoder); the scan feeds the body one split key per candidate
"""Sampling several candidate translations from an NNX seq2seq model with a raw lax.scan.

Twin of h227_nnx_translate_samples: the key is split into one key per candidate and the scan
runs over those keys, so every candidate is sampled with its own key.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Decoder(nnx.Module):
    def __init__(self, vocab, hidden, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.Linear(2 * hidden, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)

    def sample(self, enc, key, max_len=5, temperature=1.0):
        tok = jnp.zeros(enc.shape[:1], jnp.int32)
        h, toks = enc, []
        for t in range(max_len):
            h = jnp.tanh(self.cell(jnp.concatenate([self.embed(tok), h], axis=-1)))
            tok = jax.random.categorical(jax.random.fold_in(key, t), self.out(h) / temperature)
            toks.append(tok)
        return jnp.stack(toks, axis=1)


class Seq2Seq(nnx.Module):
    def __init__(self, vocab, hidden, rngs: nnx.Rngs):
        self.src_embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.encoder = nnx.Linear(hidden, hidden, rngs=rngs)
        self.decoder = Decoder(vocab, hidden, rngs)

    def encode(self, src):
        return jnp.tanh(self.encoder(self.src_embed(src).mean(axis=1)))


class Translator:
    def __init__(self, model):
        self.model = model

    def sample_candidates(self, src, key, num):
        enc = self.model.encode(src)

        def body(carry, k):
            return carry, self.model.decoder.sample(enc, k)

        _, candidates = jax.lax.scan(body, None, jax.random.split(key, num))
        return candidates


def main():
    translator = Translator(Seq2Seq(20, 16, rngs=nnx.Rngs(0)))
    src = jnp.array([[3, 7, 9, 2], [4, 4, 1, 8]])
    return translator.sample_candidates(src, jax.random.key(5), num=6)
