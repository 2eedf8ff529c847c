# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 feature store -> per-feature-group normaliser registry; the while_loop body calls normaliser.fit, which writes RunningStat variables
"""A feature store that fits online normalisers (nnx.Variable subclasses for the statistics) until they settle."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class RunningStat(nnx.Variable):
    pass


class OnlineNormaliser(nnx.Module):
    def __init__(self, dim, momentum=0.8):
        self.mean = RunningStat(jnp.zeros(dim))
        self.var = RunningStat(jnp.ones(dim))
        self.momentum = momentum

    def fit(self, chunk):
        m = self.momentum
        old = self.mean.value
        self.mean.value = m * old + (1 - m) * chunk.mean(0)
        self.var.value = m * self.var.value + (1 - m) * chunk.var(0)
        return jnp.max(jnp.abs(self.mean.value - old))

    def __call__(self, x):
        return (x - self.mean.value) / jnp.sqrt(self.var.value + 1e-6)


class FeatureStore:
    def __init__(self, groups):
        self.normalisers = {name: OnlineNormaliser(dim) for name, dim in groups.items()}

    def backfill(self, name, stream, tol=1e-3):
        normaliser = self.normalisers[name]

        def cond(state):
            i, delta = state
            return (i < stream.shape[0]) & (delta > tol)

        def body(state):
            i, _ = state
            return i + 1, normaliser.fit(stream[i])

        n_used, _ = lax.while_loop(cond, body, (0, jnp.asarray(jnp.inf)))
        return n_used


def main():
    store = FeatureStore({"user": 4, "item": 3})
    stream = jax.random.normal(jax.random.key(0), (20, 32, 4)) * 2.0 + 5.0
    n = store.backfill("user", stream)
    print(int(n), store.normalisers["user"](stream[0]).std())
    return None
