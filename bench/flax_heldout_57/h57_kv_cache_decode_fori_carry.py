# label: ok
# flax-error: none
# class: 5 the cache collection travels in the fori_loop carry and apply returns it with mutable=["cache"]
"""The fix: make 'cache' mutable and thread the updated cache through the fori_loop carry."""
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
    params, cache = variables["params"], variables["cache"]
    out = jnp.zeros((10, 3))

    def decode(t, state):
        x, cache, out = state
        y, updates = model.apply({"params": params, "cache": cache}, x, mutable=["cache"])
        return y, updates["cache"], out.at[t].set(y)

    _, cache, out = lax.fori_loop(0, 10, decode, (x0, cache, out))
    out.block_until_ready()
    return None
