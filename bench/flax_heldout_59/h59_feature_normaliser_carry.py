# label: ok
# flax-error: none
# class: 2 running statistics are read once, carried through the fori_loop and written back to the variables after it
"""An online feature normaliser fitted chunk by chunk over a stream (Welford updates)."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class OnlineNormaliser(nn.Module):
    dim: int
    eps: float = 1e-5

    def setup(self):
        self.count = self.variable("stats", "count", lambda: jnp.zeros((), jnp.float32))
        self.mean = self.variable("stats", "mean", lambda: jnp.zeros((self.dim,)))
        self.m2 = self.variable("stats", "m2", lambda: jnp.zeros((self.dim,)))

    def fit(self, chunks):
        def body(i, stats):
            count, mean, m2 = stats
            chunk = chunks[i]
            n_b = chunk.shape[0]
            n = count + n_b
            delta = chunk.mean(0) - mean
            mean = mean + delta * n_b / n
            m2 = m2 + ((chunk - mean) ** 2).sum(0)
            return n, mean, m2

        init = (self.count.value, self.mean.value, self.m2.value)
        count, mean, m2 = lax.fori_loop(0, chunks.shape[0], body, init)
        self.count.value, self.mean.value, self.m2.value = count, mean, m2

    def __call__(self, x):
        var = self.m2.value / jnp.maximum(self.count.value, 1.0)
        return (x - self.mean.value) / jnp.sqrt(var + self.eps)


class FeatureStore:
    def __init__(self, dim):
        self.normaliser = OnlineNormaliser(dim)
        self.variables = self.normaliser.init(jax.random.key(0), jnp.zeros((1, dim)))

    def ingest(self, chunks):
        _, updates = self.normaliser.apply(self.variables, chunks, method=OnlineNormaliser.fit, mutable=["stats"])
        self.variables = {**self.variables, **updates}

    def transform(self, x):
        return self.normaliser.apply(self.variables, x)


def main():
    store = FeatureStore(5)
    chunks = jax.random.normal(jax.random.key(1), (4, 16, 5)) * 3.0 + 1.0
    store.ingest(chunks)
    z = store.transform(chunks[0])
    print(float(z.std()))
    return None
