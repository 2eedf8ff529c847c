# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 NNX decoder attention keeps nnx.Cache key/value/index and writes them per token; generate scans a closure over the model
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, D, MAX_LEN = 11, 8, 6


class CachedAttention(nnx.Module):
    def __init__(self, d, batch, max_len, *, rngs):
        self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
        self.out = nnx.Linear(d, d, rngs=rngs)
        self.cached_key = nnx.Cache(jnp.zeros((batch, max_len, d)))
        self.cached_value = nnx.Cache(jnp.zeros((batch, max_len, d)))
        self.cache_index = nnx.Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, -1)
        i = self.cache_index.value
        self.cached_key.value = self.cached_key.value.at[:, i].set(k)
        self.cached_value.value = self.cached_value.value.at[:, i].set(v)
        self.cache_index.value = i + 1
        mask = jnp.arange(self.cached_key.value.shape[1]) <= i
        att = jnp.einsum("bd,btd->bt", q, self.cached_key.value)
        att = jax.nn.softmax(jnp.where(mask, att, -1e9), -1)
        return self.out(jnp.einsum("bt,btd->bd", att, self.cached_value.value))


class TinyLM(nnx.Module):
    def __init__(self, batch, *, rngs):
        self.embed = nnx.Embed(VOCAB, D, rngs=rngs)
        self.attn = CachedAttention(D, batch, MAX_LEN, rngs=rngs)
        self.head = nnx.Linear(D, VOCAB, rngs=rngs)

    def __call__(self, token):
        return self.head(self.attn(self.embed(token)))


def generate(model, first, steps):
    def step(token, _):
        nxt = jnp.argmax(model(token), -1)
        return nxt, nxt

    _, toks = jax.lax.scan(step, first, None, length=steps)
    return toks.T


def main():
    model = TinyLM(2, rngs=nnx.Rngs(0))
    toks = generate(model, jnp.array([1, 4]), 4)
    more = generate(model, toks[:, -1], 2)
    print(toks, more, model.attn.cache_index.value)
    return None
