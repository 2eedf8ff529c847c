# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Decoder.generate (run through apply(method=..., mutable=['cache'])) calls the bound module inside the raw lax.while_loop body, which writes the 'cache' collection
# modelled on: google/flax examples/lm1b/temperature_sampler.py and t5x/decoding.py (greedy decoding with an autoregressive cache)
"""Tiny autoregressive decoder with a key cache and a greedy `generate` method."""
import jax
import jax.numpy as jnp
import flax.linen as nn

MAX_LEN = 8


class CachedDecoder(nn.Module):
    vocab: int = 16
    features: int = 8

    @nn.compact
    def __call__(self, token):
        h = nn.Embed(self.vocab, self.features, name="embed")(token)
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        keys = self.variable("cache", "keys", jnp.zeros, (MAX_LEN, self.features))
        keys.value = keys.value.at[index.value].set(h)
        index.value = index.value + 1
        scores = keys.value @ h / jnp.sqrt(self.features)
        mask = jnp.arange(MAX_LEN) < index.value
        attn = jax.nn.softmax(jnp.where(mask, scores, -1e9))
        return nn.Dense(self.vocab, name="logits")(attn @ keys.value + h)

    def generate(self, first_token, num_steps):
        def cond_fn(state):
            step, _, _ = state
            return step < num_steps

        def body_fn(state):
            step, token, out = state
            logits = self(token)
            token = jnp.argmax(logits).astype(jnp.int32)
            return step + 1, token, out.at[step].set(token)

        init = (0, first_token, jnp.zeros((num_steps,), jnp.int32))
        return jax.lax.while_loop(cond_fn, body_fn, init)[2]


def main():
    model = CachedDecoder()
    first = jnp.int32(3)
    variables = model.init(jax.random.key(0), first)
    params = variables["params"]
    tokens, state = model.apply(
        {"params": params}, first, 5, method=CachedDecoder.generate, mutable=["cache"]
    )
    cache_len = jnp.minimum(state["cache"]["index"], MAX_LEN)
    print(tokens, cache_len)
    return None
