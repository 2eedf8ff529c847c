# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 ChangeDetector.__call__ runs scan over acquisition dates and its TileEncoder submodule is first called (and creates its params) inside the body
"""Satellite image change detection over a stack of acquisitions of one tile.

The detector encodes every acquisition with a shared tile encoder and accumulates
the change score against the reference acquisition.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class SensorBands:
    names: tuple = ("blue", "green", "red", "nir", "swir1")

    @property
    def count(self):
        return len(self.names)


class TileEncoder(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, tile):
        h = nn.Conv(self.features, (3, 3))(tile)
        return jnp.mean(nn.relu(h), axis=(0, 1))


class ChangeDetector(nn.Module):
    bands: SensorBands
    features: int = 16

    @nn.compact
    def __call__(self, reference, acquisitions):
        encoder = TileEncoder(self.features)
        head = nn.Dense(1)

        def compare(total, tile):
            delta = encoder(tile) - jnp.mean(reference, axis=(0, 1)).sum()
            score = jax.nn.sigmoid(head(delta).squeeze(-1))
            return total + score, score

        total, per_date = scan(compare, jnp.zeros(()), acquisitions)
        return total / acquisitions.shape[0], per_date


def main():
    bands = SensorBands()
    stack = jax.random.normal(jax.random.key(0), (4, 8, 8, bands.count))
    detector = ChangeDetector(bands)
    variables = detector.init(jax.random.key(1), stack[0], stack[1:])
    detector.apply(variables, stack[0], stack[1:])
    return None
