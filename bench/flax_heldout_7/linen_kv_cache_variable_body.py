# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the raw lax.scan body is a bound method of a setup module that writes a 'cache' variable at each position
import jax
import jax.numpy as jnp
import flax.linen as nn


class CachedAttentionDecoder(nn.Module):
    d_model: int = 8
    max_len: int = 6

    def setup(self):
        self.q_proj = nn.Dense(self.d_model)
        self.k_proj = nn.Dense(self.d_model)
        self.keys = self.variable("cache", "keys", jnp.zeros, (self.max_len, self.d_model))

    def _decode_step(self, pos, x_t):
        self.keys.value = self.keys.value.at[pos].set(self.k_proj(x_t))
        scores = self.keys.value @ self.q_proj(x_t)
        mask = jnp.arange(self.max_len) <= pos
        attn = jax.nn.softmax(jnp.where(mask, scores, -1e9))
        return pos + 1, attn @ self.keys.value

    def __call__(self, x):  # x: (max_len, d_model)
        self.q_proj(x[0]), self.k_proj(x[0])
        _, outs = jax.lax.scan(self._decode_step, 0, x)
        return outs


def main():
    x = jax.random.normal(jax.random.PRNGKey(3), (6, 8))
    dec = CachedAttentionDecoder()
    variables = dec.init(jax.random.PRNGKey(0), x)
    outs, state = dec.apply({"params": variables["params"], "cache": variables["cache"]}, x, mutable=["cache"])
    jnp.sum(state["cache"]["keys"]).block_until_ready()
    return None
