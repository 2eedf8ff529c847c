# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "keys" in "/decoder/block/attn" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the KV cache lives in TinyLM.decoder.block.attn; the fori_loop body reaches it through model.apply(..., method=TinyLM.decode_step) without mutable=['cache']
"""Beam search over a tiny decoder-only LM with a hand-written KV cache, decoded one token per
iteration of a raw lax.fori_loop."""
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


def main():
    model = TinyLM()
    start = jnp.zeros((BEAMS,), jnp.int32)
    variables = model.init(jax.random.key(0), start, method=TinyLM.decode_step)
    params = variables["params"]
    cache = jax.tree.map(jnp.zeros_like, variables["cache"])

    def beam_step(i, state):
        seqs, scores, last = state
        logits = model.apply({"params": params, "cache": cache}, last, method=TinyLM.decode_step)
        cand = scores[:, None] + jax.nn.log_softmax(logits)
        top_scores, top_idx = lax.top_k(cand.reshape(-1), BEAMS)
        beam_idx, tok = top_idx // VOCAB, top_idx % VOCAB
        seqs = seqs[beam_idx].at[:, i].set(tok)
        return seqs, top_scores, tok

    seqs = jnp.zeros((BEAMS, MAX_LEN), jnp.int32)
    scores = jnp.array([0.0] + [-1e9] * (BEAMS - 1))
    seqs, scores, _ = lax.fori_loop(0, MAX_LEN, beam_step, (seqs, scores, start))
    print(seqs[jnp.argmax(scores)])
    return None
