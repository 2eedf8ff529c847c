# label: ok
# flax-error: none
# class: 4 GenerationEngine splits the model once and threads its state through the scan carry, merging it in the body and returning nnx.state(model)
"""Serving engine for batched generation with a KV cache kept in an nnx.Variable subclass."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class KVCache(nnx.Variable):
    pass


class CachedAttentionLM(nnx.Module):
    def __init__(self, vocab, dim, max_len, batch, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.head = nnx.Linear(dim, vocab, rngs=rngs)
        self.keys = KVCache(jnp.zeros((batch, max_len, dim)))
        self.values = KVCache(jnp.zeros((batch, max_len, dim)))
        self.index = KVCache(jnp.array(0, jnp.int32))

    def __call__(self, tokens):
        q, k, v = jnp.split(self.qkv(self.embed(tokens)), 3, axis=-1)
        i = self.index[...]
        self.keys.value = self.keys.value.at[:, i].set(k)
        self.values.value = self.values.value.at[:, i].set(v)
        self.index.value = i + 1
        scores = jnp.einsum("bd,btd->bt", q, self.keys.value)
        scores = jnp.where(jnp.arange(scores.shape[1]) <= i, scores, -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores), self.values.value)
        return self.head(ctx)


class GenerationEngine:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)

    def decode(self, prompt, steps):
        def body(carry, _):
            state, tokens = carry
            model = nnx.merge(self.graphdef, state)
            nxt = jnp.argmax(model(tokens), axis=-1)
            return (nnx.state(model), nxt), nxt

        (self.state, _), out = jax.lax.scan(body, (self.state, prompt), None, length=steps)
        return out


def main():
    model = CachedAttentionLM(12, 8, max_len=6, batch=2, rngs=nnx.Rngs(0))
    GenerationEngine(model).decode(jnp.array([1, 2], jnp.int32), steps=5).block_until_ready()
    return None
