# label: ok
# flax-error: none
# class: 4 Digitiser.model/params reached from a callback registered with @digitiser.hooks.on_batch; the "index" collection is carried through the scan and applied with mutable=["index"]
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

    def fire(self, embeddings, index):
        signals = []
        for hook in self._hooks:
            signal, index = hook(embeddings, index)
            signals.append(signal)
        return signals, index


class Digitiser:
    def __init__(self, model: CatalogIndex, variables):
        self.model = model
        self.params = variables["params"]
        self.index = variables["index"]
        self.indexer = model.bind(variables)
        self.hooks = BatchHooks()

    def ingest(self, batches):
        def step(carry, folios):
            total, index = carry
            embeddings = self.indexer(folios)
            signals, index = self.hooks.fire(embeddings, index)
            return (total + sum(jnp.sum(s) for s in signals), index), None

        (total, self.index), _ = jax.lax.scan(step, (jnp.float32(0.0), self.index), batches)
        return total


def main():
    model = CatalogIndex()
    batches = jnp.sin(jnp.arange(5 * 3 * 10, dtype=jnp.float32).reshape(5, 3, 10) / 4.0)
    variables = model.init(jax.random.key(0), batches[0])
    digitiser = Digitiser(model, variables)

    @digitiser.hooks.on_batch
    def move_centroid(embeddings, index):
        centroid, updates = digitiser.model.apply(
            {"params": digitiser.params, "index": index}, embeddings,
            method=CatalogIndex.absorb, mutable=["index"])
        return centroid, updates["index"]

    digitiser.ingest(batches)
    return None
