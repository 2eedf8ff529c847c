# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 cache collection written inside a raw fori_loop body of a decode method run via apply(method=...)
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CachedAttention(nn.Module):
    dim: int = 8
    max_len: int = 6

    def setup(self):
        self.qkv = nn.Dense(3 * self.dim)
        self.keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.dim))
        self.index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))

    def __call__(self, x):
        q, k, v = jnp.split(self.qkv(x), 3, axis=-1)
        return q * k + v

    def _write(self, k):
        idx = self.index.value
        self.keys.value = lax.dynamic_update_slice(self.keys.value, k[None], (idx, 0))
        self.index.value = idx + 1

    def decode(self, x, n):
        def body(i, h):
            q, k, v = jnp.split(self.qkv(h), 3, axis=-1)
            self._write(k)
            scores = self.keys.value @ q
            return jnp.tanh(h + scores.sum() * v)

        return lax.fori_loop(0, n, body, x)


def main():
    attn = CachedAttention()
    x = jnp.ones((8,))
    variables = attn.init(jax.random.key(0), x)
    out, cache = attn.apply(variables, x, 4, method=attn.decode, mutable=["cache"])
    jnp.sum(cache["cache"]["keys"]).block_until_ready()
    return None
