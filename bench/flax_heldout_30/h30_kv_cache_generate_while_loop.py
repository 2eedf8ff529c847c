# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 apply(method='generate', mutable=['cache']) runs a raw while_loop whose body calls self(tok), writing the 'cache' collection in the body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class TinyDecoder(nn.Module):
    vocab: int = 13
    dim: int = 8
    max_len: int = 8

    @nn.compact
    def __call__(self, tok):
        x = nn.Embed(self.vocab, self.dim)(tok)
        initialized = self.has_variable("cache", "keys")
        keys = self.variable("cache", "keys", jnp.zeros, (tok.shape[0], self.max_len, self.dim))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if initialized:
            keys.value = lax.dynamic_update_slice(keys.value, x[:, None, :], (0, index.value, 0))
            index.value = index.value + 1
        mask = jnp.arange(self.max_len) < index.value
        scores = jnp.where(mask, jnp.einsum("bd,btd->bt", x, keys.value), -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores), keys.value)
        return nn.Dense(self.vocab)(x + ctx)

    def generate(self, tok0, n: int):
        def cond(state):
            return state[0] < n

        def body(state):
            i, tok, out = state
            nxt = jnp.argmax(self(tok), -1)
            return i + 1, nxt, out.at[:, i].set(nxt)

        out = jnp.zeros((tok0.shape[0], n), jnp.int32)
        _, _, out = lax.while_loop(cond, body, (0, tok0, out))
        return out


def main():
    model = TinyDecoder()
    prompt = jnp.array([1, 2], jnp.int32)
    variables = model.init(jax.random.key(0), prompt)
    params, cache = variables["params"], variables["cache"]
    out, state = model.apply({"params": params, "cache": cache}, prompt, 3,
                             method="generate", mutable=["cache"])
    more, _ = model.apply({"params": params, **state}, out[:, -1], 3,
                          method="generate", mutable=["cache"])
    print(jnp.concatenate([out, more], 1))
    return None
