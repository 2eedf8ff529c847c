# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/cell" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the while_loop body calls searcher.score_step, which calls the bound decoder, whose cell writes its 'cache' hidden state

import dataclasses

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

    def reorder(self, parent):
        hidden = self.get_variable("cache", "hidden")
        self.put_variable("cache", "hidden", hidden[parent])


class Decoder(nn.Module):
    features: int = 8

    def setup(self):
        self.embed = nn.Embed(VOCAB, self.features)
        self.cell = CachedGRU(self.features)
        self.proj = nn.Dense(VOCAB)

    def __call__(self, tokens):
        return self.proj(self.cell(self.embed(tokens)))

    def reorder_cache(self, parent):
        self.cell.reorder(parent)


@dataclasses.dataclass
class BeamSearcher:
    model: Decoder  # bound to its variables
    beams: int = BEAMS
    max_len: int = MAX_LEN

    def score_step(self, tokens):
        return jax.nn.log_softmax(self.model(tokens))

    def search(self):
        tokens = jnp.full((self.beams,), BOS, jnp.int32)
        scores = jnp.array([0.0] + [-1e9] * (self.beams - 1))
        seqs = jnp.zeros((self.beams, self.max_len), jnp.int32)

        def cond(state):
            i, tokens, _, _ = state
            return (i < self.max_len) & ~jnp.all(tokens == EOS)

        def body(state):
            i, tokens, scores, seqs = state
            logp = self.score_step(tokens)
            cand = (scores[:, None] + logp).reshape(-1)
            top, flat = jax.lax.top_k(cand, self.beams)
            parent, tok = flat // VOCAB, (flat % VOCAB).astype(jnp.int32)
            self.model.reorder_cache(parent)
            seqs = seqs[parent].at[:, i].set(tok)
            return i + 1, tok, top, seqs

        _, _, scores, seqs = jax.lax.while_loop(cond, body, (jnp.array(0), tokens, scores, seqs))
        return seqs, scores


def main():
    decoder = Decoder()
    variables = decoder.init(jax.random.key(0), jnp.zeros((BEAMS,), jnp.int32))
    searcher = BeamSearcher(decoder.bind(variables))
    seqs, scores = searcher.search()
    jax.block_until_ready((seqs, scores))
