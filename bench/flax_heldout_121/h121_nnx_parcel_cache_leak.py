# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Router carries the nnx.split state through the scan, but the body also puts nnx.state(model, nnx.BatchStat) into Router.cache, which CheckpointWriter reads after the loop
"""Parcel sorting hub: a conveyor classifier assigns each parcel batch to a chute while its
BatchNorm statistics adapt; the latest statistics are checkpointed for the night shift."""
import jax
import jax.numpy as jnp
from flax import nnx


class ConveyorNet(nnx.Module):
    def __init__(self, n_in, n_chutes, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(n_in, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.head = nnx.Linear(16, n_chutes, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.norm(self.enc(x))))


class CheckpointCache:
    def __init__(self):
        self._store = {}

    def put(self, name, tree):
        self._store[name] = tree

    def latest(self, name):
        return self._store[name]


class CheckpointWriter:
    def write(self, cache):
        stats = cache.latest("batch_stats")
        return {"norm_l2": sum(jnp.linalg.norm(leaf) for leaf in jax.tree.leaves(stats))}


class Router:
    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self.cache = CheckpointCache()

    def route_shift(self, batches):
        def body(state, x):
            model = nnx.merge(self.graphdef, state)
            chutes = jnp.argmax(model(x), axis=-1)
            self.cache.put("batch_stats", nnx.state(model, nnx.BatchStat))
            return nnx.state(model), chutes

        self.state, chutes = jax.lax.scan(body, self.state, batches)
        return chutes


def main():
    router = Router(ConveyorNet(6, 4, rngs=nnx.Rngs(0)))
    batches = jax.random.normal(jax.random.key(7), (5, 12, 6))
    chutes = router.route_shift(batches)
    summary = CheckpointWriter().write(router.cache)
    jax.block_until_ready((chutes, summary))
    return None
