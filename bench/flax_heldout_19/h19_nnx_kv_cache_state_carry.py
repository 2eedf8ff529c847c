# label: ok
# flax-error: none
# class: 3 the while_loop body merges graphdef, params and the nnx.Cache state from the carry, decodes one token, and returns the new cache state
"""Autoregressive greedy decoding with the NNX cache threaded through `jax.lax.while_loop`.

Modelled on the NNX sampling loops in public code that keep `(graphdef, state)` outside and
`nnx.merge` inside each step (e.g. a `_sample_step` with `model = nnx.merge(model_graphdef,
model_state)` and the KV cache in a `SamplingState`), and on google/flax#4819's decode loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CachedAttention(nnx.Module):
    def __init__(self, width, max_len, batch, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(width, 3 * width, rngs=rngs)
        self.out = nnx.Linear(width, width, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((batch, max_len, width)))
        self.v_cache = nnx.Cache(jnp.zeros((batch, max_len, width)))
        self.index = nnx.Cache(jnp.array(0, jnp.int32))
        self.max_len = max_len

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index.value
        self.k_cache.value = lax.dynamic_update_slice(self.k_cache.value, k[:, None], (0, i, 0))
        self.v_cache.value = lax.dynamic_update_slice(self.v_cache.value, v[:, None], (0, i, 0))
        self.index.value = i + 1
        scores = jnp.einsum("bd,btd->bt", q, self.k_cache.value)
        scores = jnp.where(jnp.arange(self.max_len) <= i, scores, -1e9)
        att = jax.nn.softmax(scores, axis=-1)
        return self.out(jnp.einsum("bt,btd->bd", att, self.v_cache.value))


class TinyLM(nnx.Module):
    def __init__(self, vocab, width, max_len, batch, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, width, rngs=rngs)
        self.attn = CachedAttention(width, max_len, batch, rngs=rngs)
        self.head = nnx.Linear(width, vocab, rngs=rngs)

    def __call__(self, tok):
        return self.head(self.attn(self.embed(tok)))


def generate(model, first, steps):
    graphdef, params, cache = nnx.split(model, nnx.Param, nnx.Cache)

    def cond(state):
        return state[0] < steps

    def body(state):
        i, tok, out, cache = state
        m = nnx.merge(graphdef, params, cache)
        nxt = jnp.argmax(m(tok), axis=-1)
        return i + 1, nxt, out.at[:, i].set(nxt), nnx.state(m, nnx.Cache)

    init = (jnp.array(0), first, jnp.zeros((first.shape[0], steps), jnp.int32), cache)
    _, _, seq, cache = lax.while_loop(cond, body, init)
    nnx.update(model, cache)
    return seq


def main():
    model = TinyLM(13, 8, 6, 2, rngs=nnx.Rngs(0))
    seq = generate(model, jnp.array([1, 2], jnp.int32), 4)
    seq.block_until_ready()
    return None
