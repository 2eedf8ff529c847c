# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Generator stores model.bind(variables, mutable=['cache']); its generate() scans a step that calls the bound module, which writes the 'cache' variables inside the loop
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
        cache = jax.tree.map(jnp.zeros_like, cache)
        self.bound = model.bind({"params": params, "cache": cache}, mutable=["cache"])

    def generate(self, x0, steps):
        def step(x, _):
            y = self.bound(x)
            return y, y

        _, ys = lax.scan(step, x0, None, length=steps)
        return ys


def main():
    model = CachedSelfAttention()
    x0 = jnp.ones((2, 8))
    params = model.init(jax.random.PRNGKey(0), x0)["params"]
    gen = Generator(model, params, batch=2)
    ys = gen.generate(x0, 5)
    next_pos = gen.bound.variables["cache"]["index"] + 1
    print(ys.shape, "next position:", next_pos)
    return None
