# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[15,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the fori_loop body stashes nnx.state(model) in a WarmStartCache; the next round nnx.update's the model from that cached state
"""Recommendation retraining pipeline: NNX matrix-factorisation model retrained nightly with warm starts."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class MatrixFactorization(nnx.Module):
    def __init__(self, users, items, dim, *, rngs):
        self.user_emb = nnx.Embed(users, dim, rngs=rngs)
        self.item_emb = nnx.Embed(items, dim, rngs=rngs)

    def __call__(self, u, i):
        return jnp.sum(self.user_emb(u) * self.item_emb(i), axis=-1)


class WarmStartCache:
    def __init__(self):
        self.state = None


class NightlyRetrain:
    def __init__(self, model, cache, lr=0.05, steps=4):
        self.model, self.cache, self.lr, self.steps = model, cache, lr, steps

    def run(self, u, i, ratings):
        if self.cache.state is not None:
            nnx.update(self.model, self.cache.state)
        graphdef, params, rest = nnx.split(self.model, nnx.Param, ...)

        def loss_fn(params):
            m = nnx.merge(graphdef, params, rest)
            return jnp.mean((m(u, i) - ratings) ** 2)

        def body(step, params):
            grads = jax.grad(loss_fn)(params)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            self.cache.state = params
            return params

        lax.fori_loop(0, self.steps, body, params)
        return self.model(u, i)


def main():
    model = MatrixFactorization(10, 15, 4, rngs=nnx.Rngs(0))
    pipeline = NightlyRetrain(model, WarmStartCache())
    u = jnp.arange(12) % 10
    i = (jnp.arange(12) * 4) % 15
    for night in range(2):
        ratings = jax.random.uniform(jax.random.PRNGKey(night), (12,), maxval=5.0)
        jax.block_until_ready(pipeline.run(u, i, ratings))
    return None
