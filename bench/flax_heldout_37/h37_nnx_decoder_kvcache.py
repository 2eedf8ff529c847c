# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 functools.partial binds the whole NNX model into decode_step, which a raw jax.lax.scan runs; each call writes the MultiHeadAttention decode cache
"""Greedy generation from a tiny NNX transformer with a key/value cache."""
import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx

VOCAB, D, HEADS, MAX_LEN = 32, 16, 2, 6


class Block(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.ln = nnx.LayerNorm(D, rngs=rngs)
        self.attn = nnx.MultiHeadAttention(
            num_heads=HEADS, in_features=D, qkv_features=D, decode=True, rngs=rngs
        )
        self.mlp = nnx.Linear(D, D, rngs=rngs)

    def __call__(self, x):
        x = x + self.attn(self.ln(x))
        return x + nnx.gelu(self.mlp(x))


class TinyLM(nnx.Module):
    def __init__(self, n_layers: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.blocks = nnx.List([Block(rngs) for _ in range(n_layers)])
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)

    def __call__(self, tokens):
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x)
        return self.head(x)

    def init_cache(self, batch: int):
        for block in self.blocks:
            block.attn.init_cache((batch, MAX_LEN, D))


def decode_step(model, tok, _):
    logits = model(tok)
    nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None]
    return nxt, nxt[:, 0]


def generate(model, bos):
    model.init_cache(bos.shape[0])
    _, toks = jax.lax.scan(functools.partial(decode_step, model), bos, None, length=MAX_LEN)
    return toks.T


def main():
    model = TinyLM(2, rngs=nnx.Rngs(0))
    print(generate(model, jnp.zeros((2, 1), jnp.int32)))
