# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a decoder's bound decode_step mutates its Cache Variables; a raw while_loop body calls it
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class CachedDecoder(nnx.Module):
    def __init__(self, dim, max_len, rngs):
        self.qkv = nnx.Linear(dim, 3 * dim, rngs=rngs)
        self.k_cache = nnx.Cache(jnp.zeros((max_len, dim)))
        self.pos = nnx.Cache(jnp.array(0))

    def decode_step(self, h):
        q, k, v = jnp.split(self.qkv(h), 3)
        self.k_cache[...] = self.k_cache[...].at[self.pos[...]].set(k)
        self.pos[...] = self.pos[...] + 1
        attn = jax.nn.softmax(self.k_cache[...] @ q)
        return jnp.tanh(h + attn.sum() * v)


def generate(decoder, h0, n_tokens):
    step = decoder.decode_step

    def cond(c):
        return c[0] < n_tokens

    def body(c):
        i, h = c
        return i + 1, step(h)

    return while_loop(cond, body, (0, h0))[1]


def main():
    dec = CachedDecoder(8, 10, nnx.Rngs(0))
    h = generate(dec, jnp.ones((8,)), 4)
    h.block_until_ready()
    return None
