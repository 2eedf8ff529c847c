# label: ok
# flax-error: none
# class: 4 the while_loop body calls self.model.decoder.step (searcher -> model -> decoder); the decoder's hidden cache goes through the loop carry and is written back after the loop

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

    def step(self, hidden, tokens):
        h, out = self.cell(hidden, self.embed(tokens))
        return h, self.proj(out)


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
        hidden = self.model.decoder.hidden[...]

        def cond(state):
            i, tokens, _, _, _ = state
            return (i < self.max_len) & ~jnp.all(tokens == EOS)

        def body(state):
            i, tokens, scores, seqs, hidden = state
            hidden, logits = self.model.decoder.step(hidden, tokens)
            logp = jax.nn.log_softmax(logits)
            cand = (scores[:, None] + logp).reshape(-1)
            top, flat = jax.lax.top_k(cand, self.beams)
            parent, tok = flat // VOCAB, (flat % VOCAB).astype(jnp.int32)
            return i + 1, tok, top, seqs[parent].at[:, i].set(tok), hidden[parent]

        init = (jnp.array(0), tokens, scores, seqs, hidden)
        _, _, scores, seqs, hidden = while_loop(cond, body, init)
        self.model.decoder.hidden[...] = hidden
        return seqs, scores


def main():
    model = Translator(3, rngs=nnx.Rngs(0))
    seqs, scores = BeamSearch(model)()
    jax.block_until_ready((seqs, scores))
