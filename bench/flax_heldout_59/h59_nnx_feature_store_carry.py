# label: ok
# flax-error: none
# class: 4 feature store -> per-feature-group normaliser registry; the normaliser is split, its state carried in the while_loop and merged in the body, then nnx.update()d
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
        graphdef, stats = nnx.split(normaliser, RunningStat)

        def cond(state):
            i, delta, _ = state
            return (i < stream.shape[0]) & (delta > tol)

        def body(state):
            i, _, stats = state
            norm = nnx.merge(graphdef, stats)
            delta = norm.fit(stream[i])
            return i + 1, delta, nnx.state(norm, RunningStat)

        n_used, _, stats = lax.while_loop(cond, body, (0, jnp.asarray(jnp.inf), stats))
        nnx.update(normaliser, stats)
        return n_used


def main():
    store = FeatureStore({"user": 4, "item": 3})
    stream = jax.random.normal(jax.random.key(0), (20, 32, 4)) * 2.0 + 5.0
    n = store.backfill("user", stream)
    print(int(n), store.normalisers["user"](stream[0]).std())
    return None
