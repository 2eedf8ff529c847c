# label: ok
# flax-error: none
# class: 3 the Generator object's model/params attributes are read in the while_loop body; the cache starts from self.cache and rides in the loop state with mutable=["cache"]
"""Greedy autoregressive generation with a decoder that keeps a key/value-style
cache in the 'cache' collection (decode=True), written with lax.while_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 13
    dim: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, tok, decode: bool = False):
        x = nn.Embed(self.vocab, self.dim)(tok)              # (batch, dim)
        keys = self.variable("cache", "keys", jnp.zeros, (tok.shape[0], self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if decode:
            keys.value = keys.value.at[:, index.value].set(x)
            index.value = index.value + 1
        mask = jnp.arange(self.max_len) < index.value
        att = jnp.einsum("bd,btd->bt", x, keys.value) / jnp.sqrt(self.dim)
        att = jnp.where(mask, att, -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(att), keys.value)
        return nn.Dense(self.vocab)(x + ctx)


class Generator:
    def __init__(self, model, params, batch):
        self.model = model
        self.params = params
        variables = model.init(jax.random.key(0), jnp.zeros((batch,), jnp.int32))
        self.cache = variables["cache"]

    def generate(self, first_tok, length):
        def cond(state):
            i, _, _, _ = state
            return i < length

        def body(state):
            i, tok, cache, out = state
            logits, updates = self.model.apply(
                {"params": self.params, "cache": cache}, tok, decode=True, mutable=["cache"]
            )
            tok = jnp.argmax(logits, -1).astype(jnp.int32)
            return i + 1, tok, updates["cache"], out.at[:, i].set(tok)

        out = jnp.zeros((first_tok.shape[0], length), jnp.int32)
        _, _, self.cache, out = lax.while_loop(cond, body, (0, first_tok, self.cache, out))
        return out


def main():
    model = TinyDecoder()
    tok = jnp.array([1, 2], jnp.int32)
    params = model.init(jax.random.key(1), tok)["params"]
    gen = Generator(model, params, batch=2)
    seqs = gen.generate(tok, 6)
    return None
