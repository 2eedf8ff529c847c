# label: trace-context
# flax-error: TraceContextError: Cannot mutate KVCache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 bound method model.decode_step, which writes the KV-cache Variables, is called in the lax.while_loop body
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


def greedy_generate(model, first_token, steps):
    step = model.decode_step

    def cond(state):
        return state[0] < steps

    def body(state):
        pos, token, out = state
        next_token = jnp.argmax(step(token, pos)).astype(jnp.int32)
        return pos + 1, next_token, out.at[pos].set(next_token)

    return jax.lax.while_loop(cond, body, (0, first_token, jnp.zeros((steps,), jnp.int32)))[2]


def main():
    model = CausalLM(nnx.Rngs(0))
    greedy_generate(model, jnp.array(2, jnp.int32), 6)
    return None
