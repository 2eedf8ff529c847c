# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TrajectoryHead.__call__ runs jax.lax.scan itself and its cell and readout Dense layers are first called, and so created, inside the scan body during init
"""Versioned model zoo: warm-starting v3 of a vessel-trajectory head from v2.

The zoo keeps a module and its variables per (name, version). The warm-start job initialises
the new version (v3 adds the readout layer), copies over every parameter whose path and shape still match the previous
version, and registers the result as the next version.
"""
from dataclasses import dataclass, field

import flax.linen as nn
import jax
import jax.numpy as jnp


class TrajectoryHead(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, track):
        cell = nn.Dense(self.hidden, name="cell")
        readout = nn.Dense(2, name="readout")
        h0 = jnp.zeros(track.shape[:-2] + (self.hidden,))

        def step(h, point):
            h = jnp.tanh(cell(jnp.concatenate([h, point], axis=-1)))
            return h, readout(h)

        _, positions = jax.lax.scan(step, h0, jnp.swapaxes(track, 0, -2))
        return jnp.swapaxes(positions, 0, -2)


@dataclass
class ModelZoo:
    entries: dict = field(default_factory=dict)

    def register(self, name, version, module, variables):
        self.entries[(name, version)] = (module, variables)

    def latest(self, name):
        version = max(v for (n, v) in self.entries if n == name)
        return version, self.entries[(name, version)]


class WarmStartJob:
    def __init__(self, zoo, name):
        self.zoo, self.name = zoo, name

    def run(self, module, sample, seed):
        version, (_, old_vars) = self.zoo.latest(self.name)
        new_vars = module.init(jax.random.key(seed), sample)
        flat_old = dict(jax.tree_util.tree_flatten_with_path(old_vars)[0])
        paths, treedef = jax.tree_util.tree_flatten_with_path(new_vars)
        leaves = [flat_old.get(p, leaf) if flat_old.get(p, leaf).shape == leaf.shape else leaf for p, leaf in paths]
        warm = jax.tree_util.tree_unflatten(treedef, leaves)
        self.zoo.register(self.name, version + 1, module, warm)
        return module.apply(warm, sample)


def load_v2_checkpoint(hidden):
    """v2 shipped only the recurrent cell; its readout was a separate service."""
    k1, k2 = jax.random.split(jax.random.key(42))
    cell = {"kernel": 0.1 * jax.random.normal(k1, (hidden + 2, hidden)), "bias": jnp.zeros(hidden)}
    return {"params": {"cell": cell}}


def main():
    track = jax.random.normal(jax.random.key(0), (2, 6, 2))
    zoo = ModelZoo()
    zoo.register("vessel", 2, None, load_v2_checkpoint(hidden=8))
    preds = WarmStartJob(zoo, "vessel").run(TrajectoryHead(hidden=8), track, seed=3)
    preds.block_until_ready()
    return None
