# label: ok
# flax-error: none
# class: 2 a module-level factory returns a decode step that applies the model with mutable=['cache']; the cache rides in the while_loop state
"""Autoregressive forecaster with a running-sum cache, decoded with lax.while_loop (cache carried)."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class CachedForecaster(nn.Module):
    features: int = 3

    @nn.compact
    def __call__(self, x, decode: bool = False):
        total = self.variable("cache", "total", jnp.zeros, x.shape)
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        if decode:
            total.value = total.value + x
            index.value = index.value + 1
            context = total.value / index.value
        else:
            context = x
        return nn.Dense(self.features)(jnp.concatenate([x, context], axis=-1))


def make_decode_step(model, params):
    def decode_step(cache, x):
        y, updates = model.apply({"params": params, "cache": cache}, x, decode=True, mutable=["cache"])
        return updates["cache"], y

    return decode_step


def forecast(model, variables, x0, horizon):
    step_fn = make_decode_step(model, variables["params"])

    def cond(state):
        t, _, _ = state
        return t < horizon

    def body(state):
        t, cache, x = state
        cache, y = step_fn(cache, x)
        return t + 1, cache, y

    _, _, last = lax.while_loop(cond, body, (0, variables["cache"], x0))
    return last


def main():
    model = CachedForecaster()
    x0 = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), x0)
    forecast(model, variables, x0, horizon=5).block_until_ready()
    return None
