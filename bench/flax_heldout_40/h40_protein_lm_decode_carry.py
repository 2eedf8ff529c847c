# label: ok
# flax-error: none
# class: 4 a decode function threads the attention cache through the lax.while_loop carry and calls model.apply with mutable cache in the body
"""Greedy autoregressive design of a protein sequence with a one-layer causal decoder."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

AMINO = "ACDEFGHIKLMNPQRSTVWY"
BOS, EOS = 20, 21


class ProteinDecoder(nn.Module):
    vocab: int = 22
    dim: int = 32
    heads: int = 4
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab, self.dim)(tokens)
        mask = None if self.decode else nn.make_causal_mask(tokens)
        x = x + nn.MultiHeadDotProductAttention(
            num_heads=self.heads, qkv_features=self.dim, decode=self.decode)(x, x, mask=mask)
        x = x + nn.Dense(self.dim)(nn.gelu(nn.Dense(2 * self.dim)(nn.LayerNorm()(x))))
        return nn.Dense(self.vocab)(x)


def greedy_design(model, params, cache, batch, max_len):
    def cond(state):
        i, _, done, _, _ = state
        return (i < max_len) & ~jnp.all(done)

    def body(state):
        i, tok, done, seq, cache = state
        logits, updates = model.apply({"params": params, "cache": cache}, tok, mutable=["cache"])
        nxt = jnp.argmax(logits[:, -1], axis=-1)
        done = done | (nxt == EOS)
        seq = seq.at[:, i].set(jnp.where(done, EOS, nxt))
        return i + 1, nxt[:, None], done, seq, updates["cache"]

    start = jnp.full((batch, 1), BOS, jnp.int32)
    seq = jnp.zeros((batch, max_len), jnp.int32)
    state = (0, start, jnp.zeros((batch,), bool), seq, cache)
    return lax.while_loop(cond, body, state)[3]


def main():
    max_len, batch = 12, 2
    train_model = ProteinDecoder()
    params = train_model.init(jax.random.key(0), jnp.zeros((batch, max_len), jnp.int32))["params"]
    decoder = ProteinDecoder(decode=True)
    cache = decoder.init(jax.random.key(0), jnp.zeros((batch, max_len), jnp.int32))["cache"]
    seq = greedy_design(decoder, params, cache, batch, max_len)
    jax.block_until_ready(seq)
    return None
