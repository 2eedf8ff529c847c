# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body calls self.model.decoder.decode_step and reorder, which write the decoder's nnx.Cache hidden state (searcher -> model -> decoder)

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop

VOCAB, WIDTH = 7, 8
BOS, EOS = 0, 1


class Decoder(nnx.Module):
    def __init__(self, beams, *, rngs):
        self.embed = nnx.Embed(VOCAB, WIDTH, rngs=rngs)
        self.cell = nnx.GRUCell(WIDTH, WIDTH, rngs=rngs)
        self.proj = nnx.Linear(WIDTH, VOCAB, rngs=rngs)
        self.hidden = nnx.Cache(jnp.zeros((beams, WIDTH)))

    def decode_step(self, tokens):
        h, out = self.cell(self.hidden[...], self.embed(tokens))
        self.hidden[...] = h
        return self.proj(out)

    def reorder(self, parent):
        self.hidden[...] = self.hidden[...][parent]


class Translator(nnx.Module):
    def __init__(self, beams, *, rngs):
        self.decoder = Decoder(beams, rngs=rngs)


@dataclasses.dataclass
class BeamSearch:
    model: Translator
    beams: int = 3
    max_len: int = 5

    def __call__(self):
        tokens = jnp.full((self.beams,), BOS, jnp.int32)
        scores = jnp.array([0.0] + [-1e9] * (self.beams - 1))
        seqs = jnp.zeros((self.beams, self.max_len), jnp.int32)

        def cond(state):
            i, tokens, _, _ = state
            return (i < self.max_len) & ~jnp.all(tokens == EOS)

        def body(state):
            i, tokens, scores, seqs = state
            logp = jax.nn.log_softmax(self.model.decoder.decode_step(tokens))
            cand = (scores[:, None] + logp).reshape(-1)
            top, flat = jax.lax.top_k(cand, self.beams)
            parent, tok = flat // VOCAB, (flat % VOCAB).astype(jnp.int32)
            self.model.decoder.reorder(parent)
            return i + 1, tok, top, seqs[parent].at[:, i].set(tok)

        _, _, scores, seqs = while_loop(cond, body, (jnp.array(0), tokens, scores, seqs))
        return seqs, scores


def main():
    model = Translator(3, rngs=nnx.Rngs(0))
    seqs, scores = BeamSearch(model)()
    jax.block_until_ready((seqs, scores))
