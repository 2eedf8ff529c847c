# label: trace-context
# flax-error: TraceContextError: Cannot mutate DecodeCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Seq2Seq.beam_search owns the while_loop; the body steps the decoder, which writes the decoder's own cache Variable and reorders it by beam
"""Beam search over an NNX seq2seq model with a decoder cache Variable, raw lax.while_loop.

Modelled on NNX decoding ports of Linen's decode=True pattern: the decoder keeps its recurrent
state in a cache Variable on the module, and the beam-search method, written as a while_loop
over positions, steps the decoder and reorders that cache inside the loop body.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import top_k, while_loop

VOCAB, HIDDEN, BEAM, MAX_LEN, EOS = 12, 16, 3, 6, 1


class DecodeCache(nnx.Variable):
    pass


class Seq2Seq(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, HIDDEN, rngs=rngs)
        self.enc = nnx.Linear(HIDDEN, HIDDEN, rngs=rngs)
        self.dec = nnx.Linear(2 * HIDDEN, HIDDEN, rngs=rngs)
        self.out = nnx.Linear(HIDDEN, VOCAB, rngs=rngs)
        self.cache = DecodeCache(jnp.zeros((BEAM, HIDDEN)))

    def init_cache(self, src):
        enc = jnp.tanh(self.enc(self.embed(src).mean(axis=1)))
        self.cache.value = jnp.repeat(enc, BEAM, axis=0)

    def step(self, tokens):
        h = jnp.tanh(self.dec(jnp.concatenate([self.embed(tokens), self.cache.value], axis=-1)))
        self.cache.value = h
        return self.out(h)

    def beam_search(self, src):
        self.init_cache(src)

        def cond(state):
            i, _, _, _, done = state
            return (i < MAX_LEN) & ~done

        def body(state):
            i, tokens, seqs, scores, done = state
            logits = self.step(tokens)
            cand = (scores[:, None] + jax.nn.log_softmax(logits)).reshape(-1)
            top_scores, top_idx = top_k(cand, BEAM)
            beam_idx, tok = top_idx // VOCAB, top_idx % VOCAB
            self.cache.value = self.cache.value[beam_idx]
            seqs = seqs[beam_idx].at[:, i].set(tok)
            return i + 1, tok, seqs, top_scores, jnp.all(tok == EOS)

        init = (
            jnp.array(0),
            jnp.zeros((BEAM,), jnp.int32),
            jnp.zeros((BEAM, MAX_LEN), jnp.int32),
            jnp.array([0.0] + [-1e9] * (BEAM - 1)),
            jnp.array(False),
        )
        _, _, seqs, scores, _ = while_loop(cond, body, init)
        return seqs, scores


def main():
    model = Seq2Seq(nnx.Rngs(0))
    seqs, scores = model.beam_search(jnp.array([[3, 4, 5, 6]]))
    jax.block_until_ready(seqs)
