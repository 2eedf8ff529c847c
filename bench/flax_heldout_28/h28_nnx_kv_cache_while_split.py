# label: ok
# flax-error: none
# class: 3 the custom Cache Variables are split off with nnx.split and carried through jax.lax.while_loop; the body merges, calls decode_step and re-splits; nnx.update after
import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, DIM, MAX_LEN = 10, 8, 8


class Cache(nnx.Variable):
    pass


class CachedAttention(nnx.Module):
    def __init__(self, dim, max_len, *, rngs: nnx.Rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.keys = Cache(jnp.zeros((max_len, dim)))
        self.values = Cache(jnp.zeros((max_len, dim)))
        self.index = Cache(jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        i = self.index[...]
        self.keys[...] = self.keys[...].at[i].set(k)
        self.values[...] = self.values[...].at[i].set(v)
        self.index[...] = i + 1
        mask = jnp.arange(MAX_LEN) <= i
        scores = jnp.where(mask, self.keys[...] @ q / jnp.sqrt(DIM), -1e9)
        return jax.nn.softmax(scores) @ self.values[...]


class TinyDecoder(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.attn = CachedAttention(DIM, MAX_LEN, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)

    def decode_step(self, token):
        return self.out(self.attn(self.embed(token)))


def greedy_decode(model, bos, eos, max_new):
    graphdef, cache, rest = nnx.split(model, Cache, ...)

    def cond(state):
        i, token, _, _ = state
        return jnp.logical_and(i < max_new, token != eos)

    def body(state):
        i, token, out, cache = state
        m = nnx.merge(graphdef, cache, rest)
        nxt = jnp.argmax(m.decode_step(token)).astype(jnp.int32)
        return i + 1, nxt, out.at[i].set(nxt), nnx.state(m, Cache)

    init = (0, bos, jnp.full((max_new,), -1, jnp.int32), cache)
    _, _, out, cache = jax.lax.while_loop(cond, body, init)
    nnx.update(model, cache)
    return out


def main():
    model = TinyDecoder(rngs=nnx.Rngs(0))
    tokens = greedy_decode(model, jnp.array(1, jnp.int32), eos=0, max_new=5)
    print("generated", tokens, int(model.attn.index[...]))
    return None
