# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 running-statistics variables declared in the module method are written from inside its fori_loop body
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
        def body(i, _):
            chunk = chunks[i]
            n_b = chunk.shape[0]
            n = self.count.value + n_b
            delta = chunk.mean(0) - self.mean.value
            self.mean.value = self.mean.value + delta * n_b / n
            self.m2.value = self.m2.value + ((chunk - self.mean.value) ** 2).sum(0)
            self.count.value = n
            return None

        lax.fori_loop(0, chunks.shape[0], body, None)

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
