# label: ok
# flax-error: none
# class: 2 decoder unpacked from a tuple argument, read-only in the raw while_loop body
"""Beam search over an NNX GRU decoder held in a tuple; the decoder is only read inside the loop."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class GRUDecoder(nnx.Module):
    def __init__(self, vocab, d, rngs):
        self.embed = nnx.Embed(vocab, d, rngs=rngs)
        self.cell = nnx.GRUCell(d, d, rngs=rngs)
        self.proj = nnx.Linear(d, vocab, rngs=rngs)

    def step(self, h, tok):
        h, y = self.cell(h, self.embed(tok))
        return h, jax.nn.log_softmax(self.proj(y))


def beam_search(models, h0, beam=3, max_len=5, bos=1):
    decoder, _ = models
    vocab = decoder.proj.out_features

    def cond(s):
        return s[0] < max_len

    def body(s):
        t, h, toks, scores, seqs = s
        h, logp = decoder.step(h, toks)
        cand = (scores[:, None] + logp).reshape(-1)
        scores, idx = jax.lax.top_k(cand, beam)
        parent, toks = idx // vocab, (idx % vocab).astype(jnp.int32)
        seqs = seqs[parent].at[:, t].set(toks)
        return t + 1, h[parent], toks, scores, seqs

    init = (0, jnp.repeat(h0[None], beam, 0), jnp.full((beam,), bos, jnp.int32),
            jnp.array([0.0] + [-1e9] * (beam - 1)), jnp.zeros((beam, max_len), jnp.int32))
    return while_loop(cond, body, init)[4]


def main():
    rngs = nnx.Rngs(0)
    models = (GRUDecoder(11, 8, rngs), None)
    seqs = beam_search(models, jnp.zeros(8))
    return None
