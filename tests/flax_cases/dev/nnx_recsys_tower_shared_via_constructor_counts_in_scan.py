# label: trace-context
# flax-error: TraceContextError: Cannot mutate Popularity from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the parent's `__init__` hands its item tower to the encoder's constructor (`Encoder(self.tower, rngs)`, kept as `self.tower`); the scan body calls `self.tower.observe(items)`, which adds counts to a custom nnx.Variable
"""A session recommender: a GRU encoder scans over the items of each session with jax.lax.scan,
embedding them through an item tower shared with the parent, which also counts item
popularity."""
import jax
import jax.numpy as jnp
from flax import nnx


class Popularity(nnx.Variable):
    pass


class ItemTower(nnx.Module):
    def __init__(self, rngs):
        self.embed = nnx.Embed(10, 4, rngs=rngs)
        self.counts = Popularity(jnp.zeros((10,)))

    def observe(self, items):
        self.counts[...] = self.counts[...] + jax.nn.one_hot(items, 10).sum(0)
        return self.embed(items)


class Encoder(nnx.Module):
    def __init__(self, tower, rngs):
        self.tower = tower
        self.cell = nnx.GRUCell(4, 4, rngs=rngs)

    def __call__(self, sessions):
        def step(h, items):
            h, _ = self.cell(h, self.tower.observe(items))
            return h, None
        return jax.lax.scan(step, jnp.zeros((sessions.shape[0], 4)), sessions.T)[0]


class Recommender(nnx.Module):
    def __init__(self, rngs):
        self.tower = ItemTower(rngs)
        self.encoder = Encoder(self.tower, rngs)


def main():
    model = Recommender(nnx.Rngs(0))
    out = model.encoder(jnp.zeros((2, 3), jnp.int32))
    jax.tree.map(lambda a: a + 0, out)
    jax.tree.map(lambda a: a + 0, model.tower.counts[...])
