# label: ok
# flax-error: none
# class: 3 generate() scans decode steps whose model.apply(decode=True, mutable=['cache']) returns the cache, carried to the next step
import jax
import jax.numpy as jnp
from flax import linen as nn

VOCAB, DIM, MAX_LEN = 12, 8, 6


class CausalMixer(nn.Module):
    """Running-average token mixer with an incremental decoding cache."""

    @nn.compact
    def __call__(self, h, decode: bool = False):
        if not decode:
            return jnp.cumsum(h, axis=1) / jnp.arange(1, h.shape[1] + 1)[None, :, None]
        is_initialized = self.has_variable("cache", "total")
        total = self.variable("cache", "total", jnp.zeros, (h.shape[0], DIM))
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if not is_initialized:
            return h
        total.value = total.value + h[:, 0]
        index.value = index.value + 1
        return (total.value / index.value)[:, None]


class TinyLM(nn.Module):
    @nn.compact
    def __call__(self, tokens, decode: bool = False):
        h = nn.Embed(VOCAB, DIM)(tokens)
        h = CausalMixer()(nn.Dense(DIM)(h), decode=decode)
        return nn.Dense(VOCAB)(nn.gelu(h))


def generate(model, params, cache, first_token, steps):
    def decode_step(carry, _):
        token, cache = carry
        logits, mutated = model.apply(
            {"params": params, "cache": cache}, token, decode=True, mutable=["cache"]
        )
        next_token = jnp.argmax(logits[:, -1], axis=-1)[:, None]
        return (next_token, mutated["cache"]), next_token[:, 0]

    _, tokens = jax.lax.scan(decode_step, (first_token, cache), None, length=steps)
    return tokens.T


def main():
    model = TinyLM()
    prompt = jnp.array([[3], [5]], dtype=jnp.int32)
    params = model.init(jax.random.key(0), jnp.ones((2, MAX_LEN), jnp.int32))["params"]
    cache = model.init(jax.random.key(0), prompt, decode=True)["cache"]
    tokens = generate(model, params, cache, prompt, steps=4)
    print(tokens)
    return None
