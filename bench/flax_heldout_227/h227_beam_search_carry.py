# label: ok
# flax-error: none
# class: 2 the decoder cache is part of the while_loop state; the body applies with mutable=['cache'], reorders it by beam and returns it
"""Seq2seq beam search with a cached decoder, written with a raw lax.while_loop.

Twin of h227_beam_search: the cache travels in the loop state, the decoder is applied with
mutable=['cache'], and the updated cache is gathered by beam index and handed to the next step.
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


def reorder(cache, beam_idx):
    return jax.tree.map(lambda c: c[beam_idx] if c.ndim else c, cache)


def beam_search(model, params, cache, src):
    enc = jnp.repeat(model.apply({"params": params}, src, method=Seq2Seq.encode), BEAM, 0)
    scores = jnp.array([0.0] + [-1e9] * (BEAM - 1))
    seqs = jnp.zeros((BEAM, MAX_LEN), jnp.int32)
    tokens = jnp.zeros((BEAM,), jnp.int32)

    def cond(state):
        i, _, _, _, _, done = state
        return (i < MAX_LEN) & ~done

    def body(state):
        i, tokens, seqs, scores, cache, done = state
        logits, updates = model.apply(
            {"params": params, "cache": cache}, tokens, enc, method=Seq2Seq.decode, mutable=["cache"]
        )
        cand = (scores[:, None] + jax.nn.log_softmax(logits)).reshape(-1)
        top_scores, top_idx = lax.top_k(cand, BEAM)
        beam_idx, tok = top_idx // VOCAB, top_idx % VOCAB
        seqs = seqs[beam_idx].at[:, i].set(tok)
        cache = reorder(updates["cache"], beam_idx)
        return i + 1, tok, seqs, top_scores, cache, jnp.all(tok == EOS)

    init = (jnp.array(0), tokens, seqs, scores, cache, jnp.array(False))
    _, _, seqs, scores, _, _ = lax.while_loop(cond, body, init)
    return seqs, scores


def main():
    model = Seq2Seq()
    src = jnp.array([[3, 4, 5, 6]])
    variables = model.init(jax.random.key(0), src, jnp.zeros((BEAM,), jnp.int32))
    seqs, scores = beam_search(model, variables["params"], variables["cache"], src)
    jax.block_until_ready(seqs)
