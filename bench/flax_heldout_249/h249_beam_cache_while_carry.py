# label: ok
# flax-error: none
# class: 3 the while_loop body calls searcher.score_step, which applies searcher.model with searcher.params; the decoder cache goes through the loop carry

import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB = 7
BOS, EOS = 0, 1
BEAMS = 3
MAX_LEN = 5


class CachedGRU(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        hidden = self.variable("cache", "hidden", jnp.zeros, x.shape[:-1] + (self.features,))
        h, _ = nn.GRUCell(self.features, name="gru")(hidden.value, x)
        hidden.value = h
        return h


class Decoder(nn.Module):
    features: int = 8

    def setup(self):
        self.embed = nn.Embed(VOCAB, self.features)
        self.cell = CachedGRU(self.features)
        self.proj = nn.Dense(VOCAB)

    def __call__(self, tokens):
        return self.proj(self.cell(self.embed(tokens)))


@dataclasses.dataclass
class BeamSearcher:
    model: Decoder
    params: Any
    beams: int = BEAMS
    max_len: int = MAX_LEN

    def score_step(self, tokens, cache):
        logits, updates = self.model.apply(
            {"params": self.params, "cache": cache}, tokens, mutable=["cache"])
        return jax.nn.log_softmax(logits), updates["cache"]

    def search(self, cache):
        tokens = jnp.full((self.beams,), BOS, jnp.int32)
        scores = jnp.array([0.0] + [-1e9] * (self.beams - 1))
        seqs = jnp.zeros((self.beams, self.max_len), jnp.int32)

        def cond(state):
            i, tokens, _, _, _ = state
            return (i < self.max_len) & ~jnp.all(tokens == EOS)

        def body(state):
            i, tokens, scores, seqs, cache = state
            logp, cache = self.score_step(tokens, cache)
            cand = (scores[:, None] + logp).reshape(-1)
            top, flat = jax.lax.top_k(cand, self.beams)
            parent, tok = flat // VOCAB, (flat % VOCAB).astype(jnp.int32)
            cache = jax.tree.map(lambda c: c[parent], cache)
            seqs = seqs[parent].at[:, i].set(tok)
            return i + 1, tok, top, seqs, cache

        init = (jnp.array(0), tokens, scores, seqs, cache)
        _, _, scores, seqs, _ = jax.lax.while_loop(cond, body, init)
        return seqs, scores


def main():
    decoder = Decoder()
    variables = decoder.init(jax.random.key(0), jnp.zeros((BEAMS,), jnp.int32))
    searcher = BeamSearcher(decoder, variables["params"])
    seqs, scores = searcher.search(variables["cache"])
    jax.block_until_ready((seqs, scores))
