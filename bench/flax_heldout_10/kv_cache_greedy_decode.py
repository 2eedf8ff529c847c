# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 self(...) with decode=True in a raw while_loop body of generate(); cache variables written in the body, returned cache reused
"""Autoregressive decoder with a Linen 'cache' collection, decoded with a raw while_loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class CachedAttention(nn.Module):
    dim: int
    max_len: int

    @nn.compact
    def __call__(self, x, decode: bool = False):
        q = nn.Dense(self.dim, name="q_proj")(x)
        k = nn.Dense(self.dim, name="k_proj")(x)
        v = nn.Dense(self.dim, name="v_proj")(x)
        if not decode:
            return jax.nn.softmax(q @ k.T) @ v
        ck = self.variable("cache", "k", jnp.zeros, (self.max_len, self.dim))
        cv = self.variable("cache", "v", jnp.zeros, (self.max_len, self.dim))
        idx = self.variable("cache", "idx", lambda: jnp.array(0, jnp.int32))
        ck.value = ck.value.at[idx.value].set(k[0])
        cv.value = cv.value.at[idx.value].set(v[0])
        idx.value = idx.value + 1
        mask = jnp.arange(self.max_len) < idx.value
        att = jnp.where(mask, (q @ ck.value.T)[0], -1e9)
        return (jax.nn.softmax(att) @ cv.value)[None]


class TinyLM(nn.Module):
    vocab: int = 13
    dim: int = 16
    max_len: int = 8

    @nn.compact
    def __call__(self, tokens, decode=False):
        h = nn.Embed(self.vocab, self.dim)(tokens)
        h = h + CachedAttention(self.dim, self.max_len)(h, decode)
        return nn.Dense(self.vocab)(h)

    def generate(self, first):
        def cond(state):
            i, _, _ = state
            return i < self.max_len

        def body(state):
            i, tok, out = state
            logits = self(tok[None], decode=True)
            nxt = jnp.argmax(logits[-1]).astype(jnp.int32)
            return i + 1, nxt, out.at[i].set(nxt)

        init = (jnp.array(0), first, jnp.zeros(self.max_len, jnp.int32))
        return while_loop(cond, body, init)[2]


def main():
    lm = TinyLM()
    params = lm.init(jax.random.key(0), jnp.zeros((3,), jnp.int32))["params"]
    cache = lm.init(jax.random.key(0), jnp.zeros((1,), jnp.int32), decode=True)["cache"]
    toks, state = lm.apply({"params": params, "cache": cache}, jnp.array(1, jnp.int32),
                           method=TinyLM.generate, mutable=["cache"])
    # continue from the returned cache (a second chunk of the same stream)
    more, _ = lm.apply({"params": params, "cache": state["cache"]}, toks[-1],
                       method=TinyLM.generate, mutable=["cache"])
    return None
