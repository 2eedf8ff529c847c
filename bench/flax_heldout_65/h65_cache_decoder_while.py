# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "total" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a module-level factory returns a decode step that applies the model without mutable=['cache']; the while_loop body calls it
"""Autoregressive forecaster with a running-sum cache, decoded with lax.while_loop."""
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


def make_decode_step(model, variables):
    def decode_step(x):
        return model.apply(variables, x, decode=True)

    return decode_step


def forecast(model, variables, x0, horizon):
    step_fn = make_decode_step(model, variables)

    def cond(state):
        t, _ = state
        return t < horizon

    def body(state):
        t, x = state
        return t + 1, step_fn(x)

    _, last = lax.while_loop(cond, body, (0, x0))
    return last


def main():
    model = CachedForecaster()
    x0 = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), x0)
    forecast(model, variables, x0, horizon=5).block_until_ready()
    return None
