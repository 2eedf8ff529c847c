# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the decoder's own teacher_forced method runs the scan and its step writes the nnx.Cache key/value buffers in the body
"""Attention decoder (NNX) with a key/value cache, trained with teacher forcing.

The decoder keeps its key/value cache in nnx.Cache variables, as in the NNX decoding
examples; teacher_forced() feeds the ground-truth tokens one at a time with jax.lax.scan."""
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

    def step(self, tok, memory):
        e = self.embed(tok) + memory
        i = self.index[...]
        self.keys[...] = self.keys[...].at[i].set(self.k(e))
        self.values[...] = self.values[...].at[i].set(self.v(e))
        self.index[...] = i + 1
        scores = jnp.where(jnp.arange(self.keys.shape[0]) <= i, self.keys[...] @ self.q(e), -1e9)
        return self.out(jax.nn.softmax(scores) @ self.values[...])

    def teacher_forced(self, targets, memory):
        def body(carry, tok):
            return carry, self.step(tok, memory)

        _, logits = lax.scan(body, None, targets)
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
