# label: ok
# flax-error: none
# class: 4 greedy_decode(model, ...) splits the decoder, carries its state (with the nnx.Cache) through the scan, merges it in the body and updates the model after the loop
"""Greedy token-by-token decoding for an attention-based speech recogniser (encoder output
is given; the decoder keeps a key/value cache)."""
import jax
import jax.numpy as jnp
from flax import nnx

BOS = 1


class ASRDecoder(nnx.Module):
    def __init__(self, vocab: int, dim: int, heads: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.self_attn = nnx.MultiHeadAttention(
            num_heads=heads, in_features=dim, qkv_features=dim, decode=True, rngs=rngs)
        self.cross_attn = nnx.MultiHeadAttention(
            num_heads=heads, in_features=dim, qkv_features=dim, decode=False, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)

    def __call__(self, token, memory):
        x = self.embed(token)
        x = x + self.self_attn(x)
        x = x + self.cross_attn(x, memory)
        return self.out(self.norm(x))


def greedy_decode(model, memory, max_len):
    batch = memory.shape[0]
    graphdef, state = nnx.split(model)

    def step(carry, _):
        state, token = carry
        decoder = nnx.merge(graphdef, state)
        logits = decoder(token, memory)
        nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None]
        return (nnx.state(decoder), nxt), nxt[:, 0]

    bos = jnp.full((batch, 1), BOS, jnp.int32)
    (state, _), tokens = jax.lax.scan(step, (state, bos), None, length=max_len)
    nnx.update(model, state)
    return tokens.T


def main():
    batch, frames, dim, max_len = 2, 20, 32, 10
    model = ASRDecoder(vocab=40, dim=dim, heads=4, rngs=nnx.Rngs(0))
    model.self_attn.init_cache((batch, max_len, dim))
    memory = jax.random.normal(jax.random.key(1), (batch, frames, dim))  # encoder output
    hyp = greedy_decode(model, memory, max_len)
    jax.block_until_ready(hyp)
    return None
