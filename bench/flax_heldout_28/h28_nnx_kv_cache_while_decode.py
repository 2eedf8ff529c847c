# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the jax.lax.while_loop body calls model.decode_step, which writes the attention layer's custom Cache Variables
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
    def cond(state):
        i, token, _ = state
        return jnp.logical_and(i < max_new, token != eos)

    def body(state):
        i, token, out = state
        nxt = jnp.argmax(model.decode_step(token)).astype(jnp.int32)
        return i + 1, nxt, out.at[i].set(nxt)

    _, _, out = jax.lax.while_loop(cond, body, (0, bos, jnp.full((max_new,), -1, jnp.int32)))
    return out


def main():
    model = TinyDecoder(rngs=nnx.Rngs(0))
    tokens = greedy_decode(model, jnp.array(1, jnp.int32), eos=0, max_new=5)
    print("generated", tokens)
    return None
