# label: ok
# flax-error: none
# class: 3 a plain while_loop body calls model.apply(..., method=decode_one, mutable=['cache']) and threads the returned cache through the carry
"""Greedy generation where the decoder cache travels in the loop state, HF-Flax style.

Modelled on the generation loops of huggingface/transformers' Flax utilities (greedy search
with `lax.while_loop` and `past_key_values` in the loop state, see huggingface/transformers#11556)
and on the cache handling described in google/flax#869.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 11
    width: int = 8
    max_len: int = 8
    batch: int = 2

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.width)
        self.out = nn.Dense(self.vocab)
        self.keys = self.variable("cache", "keys", jnp.zeros, (self.batch, self.max_len, self.width))
        self.index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))

    def __call__(self, tokens):
        h = self.embed(tokens)
        return self.out(h.mean(axis=1))

    def decode_one(self, token):
        h = self.embed(token)
        idx = self.index.value
        self.keys.value = lax.dynamic_update_slice(self.keys.value, h[:, None, :], (0, idx, 0))
        self.index.value = idx + 1
        context = self.keys.value.sum(axis=1) / (idx + 1)
        return self.out(context + h)


def greedy(model, params, cache, first, steps):
    def cond(state):
        i, _, _, _ = state
        return i < steps

    def body(state):
        i, tok, seq, cache = state
        logits, mutated = model.apply(
            {"params": params, "cache": cache}, tok, method=TinyDecoder.decode_one, mutable=["cache"]
        )
        nxt = jnp.argmax(logits, axis=-1)
        return i + 1, nxt, seq.at[:, i].set(nxt), mutated["cache"]

    init = (jnp.array(0), first, jnp.zeros((first.shape[0], steps), jnp.int32), cache)
    _, _, seq, cache = lax.while_loop(cond, body, init)
    return seq, cache


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.key(0), jnp.zeros((2, 8), jnp.int32))
    first = jnp.array([1, 4], jnp.int32)
    seq, cache = greedy(model, variables["params"], variables["cache"], first, 3)
    more, cache = greedy(model, variables["params"], cache, seq[:, -1], 3)
    more.block_until_ready()
    return None
