# label: ok
# flax-error: none
# class: 4 lm1b-style temperature sampler: a module-level sampler's while_loop body calls a tokens_to_logits closure that applies the model with the cache threaded through the carry and mutable=['cache']
"""Fast decoding as in flax examples/lm1b (temperature_sampler.py): the model runs with
decode=True and its attention cache is an explicit value carried by the while_loop. The
loop body only calls model.apply on that value with mutable=['cache'] and returns the new
cache, so no Flax scope is open across the loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class TinyDecoder(nn.Module):
    vocab_size: int = 16
    dim: int = 16
    decode: bool = False

    @nn.compact
    def __call__(self, tokens):
        x = nn.Embed(self.vocab_size, self.dim)(tokens)
        mask = None if self.decode else nn.make_causal_mask(tokens)
        x = x + nn.MultiHeadDotProductAttention(num_heads=2, decode=self.decode)(x, mask=mask)
        return nn.Dense(self.vocab_size)(nn.LayerNorm()(x))


def temperature_sample(prompt, init_cache, tokens_to_logits, rng, max_len, temperature=1.0):
    batch = prompt.shape[0]
    out = jnp.zeros((batch, max_len), jnp.int32)

    def cond_fn(state):
        i, *_ = state
        return i < max_len

    def body_fn(state):
        i, token, cache, rng, out = state
        rng, sub = jax.random.split(rng)
        logits, cache = tokens_to_logits(token[:, None], cache)
        token = jax.random.categorical(sub, logits[:, -1] / temperature).astype(jnp.int32)
        return i + 1, token, cache, rng, out.at[:, i].set(token)

    state = (0, prompt, init_cache, rng, out)
    return jax.lax.while_loop(cond_fn, body_fn, state)[-1]


def main():
    max_len = 6
    train_model = TinyDecoder()
    params = train_model.init(jax.random.PRNGKey(0), jnp.ones((1, max_len), jnp.int32))["params"]

    decode_model = TinyDecoder(decode=True)
    cache = decode_model.init(jax.random.PRNGKey(0), jnp.ones((2, max_len), jnp.int32))["cache"]

    def tokens_to_logits(token, cache):
        logits, updates = decode_model.apply({"params": params, "cache": cache}, token, mutable=["cache"])
        return logits, updates["cache"]

    prompt = jnp.array([1, 3], jnp.int32)
    seqs = jax.jit(temperature_sample, static_argnums=(2, 4))(
        prompt, cache, tokens_to_logits, jax.random.PRNGKey(7), max_len
    )
    assert seqs.shape == (2, max_len)
    return None
