# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 main binds LoadDecoder to its params and attention cache with mutable=["cache"] into a local decoder that the scan body calls directly
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
    decoder = model.bind({"params": params, "cache": cache}, mutable=["cache"])
    last_load = 1.0 + 0.1 * jax.random.normal(jax.random.key(1), (2, 1, N_FEEDERS))

    def hour(load, h):
        nxt = decoder(load) + calendar_profile(h)
        return nxt, nxt[:, 0, :]

    _, forecast = lax.scan(hour, last_load, jnp.arange(HORIZON, dtype=jnp.float32))
    filled = decoder.variables["cache"]["attn"]["cache_index"]
    last_slot = filled - 1
    print(forecast.shape, last_slot)
    return None
