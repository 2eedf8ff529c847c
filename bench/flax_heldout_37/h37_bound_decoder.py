# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the decoder is bound once with model.bind(variables, mutable=['cache']) and the bound module is closed over by a raw scan body that writes the cache
"""Sampling a short continuation from a bound decoder, then reusing its cache."""
import jax
import jax.numpy as jnp
import flax.linen as nn

VOCAB, DIM, MAX_LEN = 24, 16, 6


class TinyDecoder(nn.Module):
    @nn.compact
    def __call__(self, token):  # token: [batch]
        is_initialized = self.has_variable("cache", "keys")
        b = token.shape[0]
        keys = self.variable("cache", "keys", jnp.zeros, (b, MAX_LEN, DIM))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        x = nn.Embed(VOCAB, DIM)(token)
        q, k = nn.Dense(DIM)(x), nn.Dense(DIM)(x)
        if is_initialized:
            keys.value = keys.value.at[:, index.value].set(k)
            index.value = index.value + 1
        valid = jnp.arange(MAX_LEN) < index.value
        att = nn.softmax(jnp.where(valid, jnp.einsum("bd,btd->bt", q, keys.value), -1e9))
        return nn.Dense(VOCAB)(x + jnp.einsum("bt,btd->bd", att, keys.value))


def main():
    model = TinyDecoder()
    variables = model.init(jax.random.key(0), jnp.zeros((2,), jnp.int32))
    decoder = model.bind(variables, mutable=["cache"])

    def step(tok, _):
        nxt = jnp.argmax(decoder(tok), axis=-1)
        return nxt, nxt

    _, tokens = jax.lax.scan(step, jnp.zeros((2,), jnp.int32), None, length=MAX_LEN - 1)
    cache = decoder.variables["cache"]
    last = jnp.take_along_axis(cache["keys"], cache["index"][None, None, None] - 1, axis=1)
    print(tokens.T, last.shape)
