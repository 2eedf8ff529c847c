# label: ok
# flax-error: none
# class: 4 jax.jit generate function carries the nnx.split state through lax.while_loop; the body merges, decodes and returns nnx.state
import functools

import jax
import jax.numpy as jnp
from flax import nnx

VOCAB, DIM, MAX_LEN = 16, 16, 8


class KVCache(nnx.Variable):
    pass


class CausalLM(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.qkv = nnx.Linear(DIM, 3 * DIM, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)
        self.cache_k = KVCache(jnp.zeros((MAX_LEN, DIM)))
        self.cache_v = KVCache(jnp.zeros((MAX_LEN, DIM)))

    def decode_step(self, token, pos):
        q, k, v = jnp.split(self.qkv(self.embed(token)), 3, axis=-1)
        self.cache_k.value = self.cache_k.value.at[pos].set(k)
        self.cache_v.value = self.cache_v.value.at[pos].set(v)
        scores = jnp.where(jnp.arange(MAX_LEN) <= pos, self.cache_k.value @ q, -1e9)
        return self.out(jax.nn.softmax(scores / jnp.sqrt(DIM)) @ self.cache_v.value)


@functools.partial(jax.jit, static_argnums=(0, 3))
def generate(graphdef, state, first_token, steps):
    def cond(carry):
        return carry[0] < steps

    def body(carry):
        pos, token, state, out = carry
        model = nnx.merge(graphdef, state)
        next_token = jnp.argmax(model.decode_step(token, pos)).astype(jnp.int32)
        return pos + 1, next_token, nnx.state(model), out.at[pos].set(next_token)

    init = (0, first_token, state, jnp.zeros((steps,), jnp.int32))
    _, _, state, out = jax.lax.while_loop(cond, body, init)
    return out, state


def main():
    model = CausalLM(nnx.Rngs(0))
    graphdef, state = nnx.split(model)
    out, state = generate(graphdef, state, jnp.array(2, jnp.int32), 6)
    nnx.update(model, state)
    return None
