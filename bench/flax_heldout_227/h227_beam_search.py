# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "state" in "/decoder" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 params and the decoder cache are locals of beam_search closed over by the while_loop body, which applies the decoder without mutable=['cache']
"""Seq2seq beam search with a cached GRU-style decoder, written with a raw lax.while_loop.

Modelled on "beam search with decode=True" reports: the step function applies the decoder with
{'params', 'cache'} but the cache collection is not marked mutable and is not part of the loop
state, so the first cache update inside the body is refused.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

VOCAB, HIDDEN, BEAM, MAX_LEN, EOS = 12, 16, 3, 6, 1


class Decoder(nn.Module):
    vocab: int
    hidden: int

    @nn.compact
    def __call__(self, tokens, enc):
        initialized = self.has_variable("cache", "state")
        state = self.variable("cache", "state", jnp.zeros, enc.shape)
        pos = self.variable("cache", "pos", lambda: jnp.zeros((), jnp.int32))
        emb = nn.Embed(self.vocab, self.hidden)(tokens)
        h = jnp.tanh(nn.Dense(self.hidden)(jnp.concatenate([emb, state.value + enc], -1)))
        if initialized:
            state.value = h
            pos.value = pos.value + 1
        return nn.Dense(self.vocab)(h)


class Seq2Seq(nn.Module):
    vocab: int = VOCAB
    hidden: int = HIDDEN

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.hidden)
        self.enc = nn.Dense(self.hidden)
        self.decoder = Decoder(self.vocab, self.hidden)

    def encode(self, src):
        return jnp.tanh(self.enc(self.embed(src).mean(axis=1)))

    def decode(self, tokens, enc):
        return self.decoder(tokens, enc)

    def __call__(self, src, tokens):
        return self.decode(tokens, jnp.repeat(self.encode(src), tokens.shape[0], 0))


def beam_search(model, params, cache, src):
    enc = jnp.repeat(model.apply({"params": params}, src, method=Seq2Seq.encode), BEAM, 0)
    scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs = jnp.zeros((BEAM, MAX_LEN), jnp.int32)
    tokens = jnp.zeros((BEAM,), jnp.int32)

    def cond(state):
        i, _, _, _, done = state
        return (i < MAX_LEN) & ~done

    def body(state):
        i, tokens, seqs, scores, done = state
        logits = model.apply({"params": params, "cache": cache}, tokens, enc, method=Seq2Seq.decode)
        cand = (scores[:, None] + jax.nn.log_softmax(logits)).reshape(-1)
        top_scores, top_idx = lax.top_k(cand, BEAM)
        beam_idx, tok = top_idx // VOCAB, top_idx % VOCAB
        seqs = seqs[beam_idx].at[:, i].set(tok)
        return i + 1, tok, seqs, top_scores, jnp.all(tok == EOS)

    init = (jnp.array(0), tokens, seqs, scores, jnp.array(False))
    _, _, seqs, scores, _ = lax.while_loop(cond, body, init)
    return seqs, scores


def main():
    model = Seq2Seq()
    src = jnp.array([[3, 4, 5, 6]])
    variables = model.init(jax.random.key(0), src, jnp.zeros((BEAM,), jnp.int32))
    seqs, scores = beam_search(model, variables["params"], variables["cache"], src)
    jax.block_until_ready(seqs)
