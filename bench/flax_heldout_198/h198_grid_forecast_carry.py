# label: ok
# flax-error: none
# class: 2 main keeps LoadDecoder's attention cache in a local that travels in the scan carry; the body applies the model with mutable=["cache"] and returns the new cache
"""Power-grid load forecasting: an autoregressive attention decoder rolls the next day's
hourly substation load forward one hour at a time, feeding each prediction back in."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

HORIZON = 24
N_FEEDERS = 3


class LoadDecoder(nn.Module):
    d_model: int = 16

    @nn.compact
    def __call__(self, load):
        h = nn.Dense(self.d_model, name="embed")(load)
        h = h + nn.MultiHeadDotProductAttention(num_heads=2, decode=True, name="attn")(h)
        return load + nn.Dense(N_FEEDERS, name="head")(nn.gelu(h))


def calendar_profile(hours):
    return 0.2 * jnp.sin(2 * jnp.pi * hours / 24.0)


def main():
    model = LoadDecoder()
    variables = model.init(jax.random.key(0), jnp.zeros((2, HORIZON, N_FEEDERS)))
    params, cache = variables["params"], variables["cache"]
    last_load = 1.0 + 0.1 * jax.random.normal(jax.random.key(1), (2, 1, N_FEEDERS))

    def hour(carry, h):
        load, cache = carry
        nxt, updates = model.apply({"params": params, "cache": cache}, load, mutable=["cache"])
        nxt = nxt + calendar_profile(h)
        return (nxt, updates["cache"]), nxt[:, 0, :]

    (_, cache), forecast = lax.scan(hour, (last_load, cache), jnp.arange(HORIZON, dtype=jnp.float32))
    filled = cache["attn"]["cache_index"]
    last_slot = filled - 1
    print(forecast.shape, last_slot)
    return None
