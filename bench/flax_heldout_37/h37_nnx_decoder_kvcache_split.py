# label: ok
# flax-error: none
# class: 4 functools.partial binds the graphdef into decode_step; the model state (params and decode cache) is threaded through the raw jax.lax.scan carry with nnx.merge / nnx.state
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


def decode_step(graphdef, carry, _):
    state, tok = carry
    model = nnx.merge(graphdef, state)
    logits = model(tok)
    nxt = jnp.argmax(logits[:, -1], axis=-1)[:, None]
    return (nnx.state(model), nxt), nxt[:, 0]


def generate(model, bos):
    model.init_cache(bos.shape[0])
    graphdef, state = nnx.split(model)
    (state, _), toks = jax.lax.scan(
        functools.partial(decode_step, graphdef), (state, bos), None, length=MAX_LEN
    )
    nnx.update(model, state)
    return toks.T


def main():
    model = TinyLM(2, rngs=nnx.Rngs(0))
    print(generate(model, jnp.zeros((2, 1), jnp.int32)))
