# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cached_key" in "/MultiHeadDotProductAttention_0" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a decode function closes over the model variables (params and the attention cache) and calls model.apply in the lax.while_loop body without mutable cache
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


def greedy_design(model, variables, batch, max_len):
    def cond(state):
        i, _, done, _ = state
        return (i < max_len) & ~jnp.all(done)

    def body(state):
        i, tok, done, seq = state
        logits = model.apply(variables, tok)
        nxt = jnp.argmax(logits[:, -1], axis=-1)
        done = done | (nxt == EOS)
        seq = seq.at[:, i].set(jnp.where(done, EOS, nxt))
        return i + 1, nxt[:, None], done, seq

    start = jnp.full((batch, 1), BOS, jnp.int32)
    seq = jnp.zeros((batch, max_len), jnp.int32)
    state = (0, start, jnp.zeros((batch,), bool), seq)
    return lax.while_loop(cond, body, state)[-1]


def main():
    max_len, batch = 12, 2
    train_model = ProteinDecoder()
    params = train_model.init(jax.random.key(0), jnp.zeros((batch, max_len), jnp.int32))["params"]
    decoder = ProteinDecoder(decode=True)
    cache = decoder.init(jax.random.key(0), jnp.zeros((batch, max_len), jnp.int32))["cache"]
    seq = greedy_design(decoder, {"params": params, "cache": cache}, batch, max_len)
    jax.block_until_ready(seq)
    return None
