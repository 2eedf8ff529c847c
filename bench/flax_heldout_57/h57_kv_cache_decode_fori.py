# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the variables dict with a cache collection is closed over and apply runs in the fori_loop body without mutable
"""Greedy decoding of a time series with a Linen decoder that keeps a rolling cache in the
'cache' collection; the loop is jax.lax.fori_loop and apply is called without mutable."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.linen as nn


class CachedDecoder(nn.Module):
    window: int = 4

    @nn.compact
    def __call__(self, x):
        cache = self.variable("cache", "history", jnp.zeros, (self.window, x.shape[-1]))
        history = jnp.concatenate([cache.value[1:], x[None]], axis=0)
        if not self.is_initializing():
            cache.value = history
        h = nn.relu(nn.Dense(16)(history.reshape(-1)))
        return nn.Dense(x.shape[-1])(h)


def main():
    model = CachedDecoder()
    x0 = jnp.ones((3,))
    variables = model.init(jax.random.PRNGKey(0), x0)
    out = jnp.zeros((10, 3))

    def decode(t, state):
        x, out = state
        y = model.apply(variables, x)
        return y, out.at[t].set(y)

    _, out = lax.fori_loop(0, 10, decode, (x0, out))
    out.block_until_ready()
    return None
