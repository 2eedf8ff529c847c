# label: ok
# flax-error: none
# class: 1 the decoder's own teacher_forced method runs the scan with the key/value cache in the carry and writes the nnx.Cache after the loop
"""Attention decoder (NNX) with a key/value cache, trained with teacher forcing.

Twin of h213_nnx_kv_decoder: step() takes and returns the cache arrays, teacher_forced()
starts the scan carry from the nnx.Cache variables and writes them back after the scan."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class CachedDecoder(nnx.Module):
    def __init__(self, vocab, dim, max_len, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.q = nnx.Linear(dim, dim, rngs=rngs)
        self.k = nnx.Linear(dim, dim, rngs=rngs)
        self.v = nnx.Linear(dim, dim, rngs=rngs)
        self.out = nnx.Linear(dim, vocab, rngs=rngs)
        self.keys = nnx.Cache(jnp.zeros((max_len, dim)))
        self.values = nnx.Cache(jnp.zeros((max_len, dim)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))

    def step(self, cache, tok, memory):
        keys, values, i = cache
        e = self.embed(tok) + memory
        keys = keys.at[i].set(self.k(e))
        values = values.at[i].set(self.v(e))
        scores = jnp.where(jnp.arange(keys.shape[0]) <= i, keys @ self.q(e), -1e9)
        return (keys, values, i + 1), self.out(jax.nn.softmax(scores) @ values)

    def teacher_forced(self, targets, memory):
        def body(cache, tok):
            return self.step(cache, tok, memory)

        cache = (self.keys[...], self.values[...], self.index[...])
        (keys, values, index), logits = lax.scan(body, cache, targets)
        self.keys[...], self.values[...], self.index[...] = keys, values, index
        return logits


def main():
    rngs = nnx.Rngs(0)
    encoder = nnx.Embed(20, 16, rngs=rngs)
    decoder = CachedDecoder(20, 16, max_len=8, rngs=rngs)
    src = jnp.array([4, 8, 15, 16])
    tgt = jnp.array([1, 3, 5, 7, 9, 2])
    memory = encoder(src).mean(0)
    logits = decoder.teacher_forced(tgt[:-1], memory)
    print("loss", optax.softmax_cross_entropy_with_integer_labels(logits, tgt[1:]).mean())
