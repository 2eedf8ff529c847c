# label: ok
# flax-error: none
# class: 4 the KV cache of TinyLM.decoder.block.attn goes through the fori_loop carry and comes back from model.apply(..., mutable=['cache'])
"""Beam search over a tiny decoder-only LM with a hand-written KV cache, decoded one token per
iteration of a raw lax.fori_loop; the cache is threaded through the loop state and reordered
with the surviving beams."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

VOCAB, DIM, MAX_LEN, BEAMS = 13, 16, 8, 3


class CachedSelfAttention(nn.Module):
    @nn.compact
    def __call__(self, x):  # x: (beams, DIM), one position
        q = nn.Dense(DIM, name="query")(x)
        k = nn.Dense(DIM, name="key")(x)
        v = nn.Dense(DIM, name="value")(x)
        ck = self.variable("cache", "keys", jnp.zeros, (x.shape[0], MAX_LEN, DIM))
        cv = self.variable("cache", "values", jnp.zeros, (x.shape[0], MAX_LEN, DIM))
        idx = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        i = idx.value
        keys = lax.dynamic_update_slice(ck.value, k[:, None], (0, i, 0))
        values = lax.dynamic_update_slice(cv.value, v[:, None], (0, i, 0))
        ck.value, cv.value, idx.value = keys, values, i + 1
        logits = jnp.einsum("bd,bld->bl", q, keys) / jnp.sqrt(DIM)
        logits = jnp.where(jnp.arange(MAX_LEN) <= i, logits, -1e9)
        return jnp.einsum("bl,bld->bd", jax.nn.softmax(logits), values)


class Block(nn.Module):
    def setup(self):
        self.attn = CachedSelfAttention()
        self.mlp = nn.Dense(DIM)

    def __call__(self, x):
        x = x + self.attn(x)
        return x + nn.gelu(self.mlp(x))


class Decoder(nn.Module):
    def setup(self):
        self.embed = nn.Embed(VOCAB, DIM)
        self.block = Block()

    def __call__(self, tok):
        return self.embed.attend(self.block(self.embed(tok)))


class TinyLM(nn.Module):
    def setup(self):
        self.decoder = Decoder()

    def decode_step(self, tok):
        return self.decoder(tok)


def reorder(cache, beam_idx):
    return jax.tree.map(lambda c: c[beam_idx] if c.ndim > 0 else c, cache)


def main():
    model = TinyLM()
    start = jnp.zeros((BEAMS,), jnp.int32)
    variables = model.init(jax.random.key(0), start, method=TinyLM.decode_step)
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])

    def beam_step(i, state):
        seqs, scores, last, cache = state
        logits, mutated = model.apply({"params": params, "cache": cache}, last,
                                      method=TinyLM.decode_step, mutable=["cache"])
        cand = scores[:, None] + jax.nn.log_softmax(logits)
        top_scores, top_idx = lax.top_k(cand.reshape(-1), BEAMS)
        beam_idx, tok = top_idx // VOCAB, top_idx % VOCAB
        seqs = seqs[beam_idx].at[:, i].set(tok)
        return seqs, top_scores, tok, reorder(mutated["cache"], beam_idx)

    seqs = jnp.zeros((BEAMS, MAX_LEN), jnp.int32)
    scores = jnp.array([0.0] + [-1e9] * (BEAMS - 1))
    seqs, scores, _, cache = lax.fori_loop(0, MAX_LEN, beam_step, (seqs, scores, start, cache))
    print(seqs[jnp.argmax(scores)])
    return None
