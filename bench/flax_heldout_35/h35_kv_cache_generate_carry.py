# label: ok
# flax-error: none
# class: 4 Generator keeps model, params and an explicit cache; its generate() scans a step that calls model.apply(..., mutable=['cache']) and carries the returned cache
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class CachedSelfAttention(nn.Module):
    dim: int = 8
    max_len: int = 8

    @nn.compact
    def __call__(self, x):
        # x: [batch, dim], a single new token
        q, k, v = jnp.split(nn.Dense(3 * self.dim)(x), 3, axis=-1)
        shape = (x.shape[0], self.max_len, self.dim)
        keys = self.variable("cache", "keys", jnp.zeros, shape)
        values = self.variable("cache", "values", jnp.zeros, shape)
        index = self.variable("cache", "index", lambda: jnp.array(0, jnp.int32))
        i = index.value
        keys.value = lax.dynamic_update_slice(keys.value, k[:, None], (0, i, 0))
        values.value = lax.dynamic_update_slice(values.value, v[:, None], (0, i, 0))
        index.value = i + 1
        scores = jnp.einsum("bd,btd->bt", q, keys.value) / jnp.sqrt(self.dim)
        scores = jnp.where(jnp.arange(self.max_len) <= i, scores, -1e9)
        ctx = jnp.einsum("bt,btd->bd", jax.nn.softmax(scores, axis=-1), values.value)
        return nn.Dense(self.dim)(ctx)


class Generator:
    def __init__(self, model, params, batch):
        cache = model.init(jax.random.PRNGKey(1), jnp.zeros((batch, model.dim)))["cache"]
        self.cache = jax.tree.map(jnp.zeros_like, cache)
        self.model = model
        self.params = params

    def generate(self, x0, steps):
        def step(carry, _):
            x, cache = carry
            y, updates = self.model.apply({"params": self.params, "cache": cache}, x, mutable=["cache"])
            return (y, updates["cache"]), y

        (_, self.cache), ys = lax.scan(step, (x0, self.cache), None, length=steps)
        return ys


def main():
    model = CachedSelfAttention()
    x0 = jnp.ones((2, 8))
    params = model.init(jax.random.PRNGKey(0), x0)["params"]
    gen = Generator(model, params, batch=2)
    ys = gen.generate(x0, 5)
    next_pos = gen.cache["index"] + 1
    print(ys.shape, "next position:", next_pos)
    return None
