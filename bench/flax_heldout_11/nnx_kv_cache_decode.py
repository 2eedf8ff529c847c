# label: trace-context
# flax-error: TraceContextError: Cannot mutate Cache from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 bound method decode_step writes a Cache variable; the body calls it through the module
import jax
import jax.numpy as jnp
from flax import nnx


class Cache(nnx.Variable):
    pass


class ToyAttn(nnx.Module):
    def __init__(self, d, maxlen, rngs):
        self.qkv = nnx.Linear(d, 3 * d, rngs=rngs)
        self.k_cache = Cache(jnp.zeros((maxlen, d)))
        self.v_cache = Cache(jnp.zeros((maxlen, d)))

    def decode_step(self, x, i):
        q, k, v = jnp.split(self.qkv(x), 3, -1)
        self.k_cache.value = self.k_cache.value.at[i].set(k)
        self.v_cache.value = self.v_cache.value.at[i].set(v)
        w = jax.nn.softmax(self.k_cache.value @ q)
        return w @ self.v_cache.value


def main():
    attn = ToyAttn(4, 8, nnx.Rngs(0))
    step = attn.decode_step

    def body(x, i):
        y = step(x, i)
        return y, y

    _, ys = jax.lax.scan(body, jnp.ones(4), jnp.arange(8))
    print(ys.shape)
    return None
