# label: ok
# flax-error: none
# class: 3 the beam searcher splits the decoder's DecodeCache out with nnx.split, carries it through jax.lax.scan, merges inside and nnx.update's after
"""Translation service: batched beam decoding over an NNX decoder with a running cache."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

VOCAB = 24


class DecodeCache(nnx.Variable):
    pass


class Decoder(nnx.Module):
    def __init__(self, vocab, dim, rows, *, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.mix = nnx.Linear(dim, dim, rngs=rngs)
        self.proj = nnx.Linear(dim, vocab, rngs=rngs)
        self.cache = DecodeCache(jnp.zeros((rows, dim)))

    def decode_step(self, tokens):
        h = nnx.tanh(self.mix(self.embed(tokens)) + self.cache.value)
        self.cache.value = h
        return self.proj(h)


@dataclasses.dataclass(frozen=True)
class BeamConfig:
    beam: int = 3
    max_len: int = 5


class BeamSearcher:
    def __init__(self, decoder, config):
        self.decoder, self.config = decoder, config

    def search(self, batch):
        cfg = self.config
        n = batch * cfg.beam
        graphdef, cache, rest = nnx.split(self.decoder, DecodeCache, ...)

        def step(carry, _):
            tokens, scores, cache = carry
            decoder = nnx.merge(graphdef, cache, rest)
            logp = jax.nn.log_softmax(decoder.decode_step(tokens)).reshape(batch, cfg.beam, VOCAB)
            cand = (scores[..., None] + logp).reshape(batch, -1)
            scores, idx = jax.lax.top_k(cand, cfg.beam)
            tokens = (idx % VOCAB).reshape(n)
            return (tokens, scores, nnx.state(decoder, DecodeCache)), tokens

        init = (jnp.zeros((n,), jnp.int32), jnp.zeros((batch, cfg.beam)), cache)
        (_, scores, cache), seqs = scan(step, init, None, length=cfg.max_len)
        nnx.update(self.decoder, cache)
        return seqs, scores


class TranslationService:
    def __init__(self, batch=2):
        config = BeamConfig()
        decoder = Decoder(VOCAB, 8, batch * config.beam, rngs=nnx.Rngs(0))
        self.searcher = BeamSearcher(decoder, config)
        self.batch = batch

    def handle(self, request):
        seqs, scores = self.searcher.search(self.batch)
        return {"id": request["id"], "tokens": seqs, "scores": scores}


def main():
    service = TranslationService()
    jax.block_until_ready(service.handle({"id": 1, "text": "hallo welt"})["scores"])
    return None
