# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "centroid" in "/" because collection "index" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a model.bind(variables) held by Digitiser.indexer, reached from a callback registered with @digitiser.hooks.on_batch and fired in the scan body
"""Catalogue indexing for an archive digitisation pipeline.

Each batch of scanned folios is embedded; registered hooks then react to the
embeddings, for example by moving the collection centroid used for
near-duplicate detection.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class CatalogIndex(nn.Module):
    dim: int = 6
    momentum: float = 0.9

    def setup(self):
        self.embed = nn.Dense(self.dim)
        self.centroid = self.variable("index", "centroid", jnp.zeros, (self.dim,))

    def __call__(self, folios):
        return jnp.tanh(self.embed(folios))

    def absorb(self, embeddings):
        self.centroid.value = self.momentum * self.centroid.value + (1 - self.momentum) * embeddings.mean(0)
        return self.centroid.value


class BatchHooks:
    def __init__(self):
        self._hooks = []

    def on_batch(self, fn):
        self._hooks.append(fn)
        return fn

    def fire(self, embeddings):
        return [hook(embeddings) for hook in self._hooks]


class Digitiser:
    def __init__(self, model: CatalogIndex, variables):
        self.indexer = model.bind(variables)
        self.hooks = BatchHooks()

    def ingest(self, batches):
        def step(total, folios):
            embeddings = self.indexer(folios)
            signals = self.hooks.fire(embeddings)
            return total + sum(jnp.sum(s) for s in signals), None

        total, _ = jax.lax.scan(step, jnp.float32(0.0), batches)
        return total


def main():
    model = CatalogIndex()
    batches = jnp.sin(jnp.arange(5 * 3 * 10, dtype=jnp.float32).reshape(5, 3, 10) / 4.0)
    variables = model.init(jax.random.key(0), batches[0])
    digitiser = Digitiser(model, variables)

    @digitiser.hooks.on_batch
    def move_centroid(embeddings):
        return digitiser.indexer.absorb(embeddings)

    digitiser.ingest(batches)
    return None
