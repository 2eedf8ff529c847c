# label: trace-context
# flax-error: TraceContextError: Cannot mutate SWAGMoment from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 NNX SWAG wrapper method collect() assigns its custom Variable moments from inside a raw lax.scan over weight snapshots
"""SWAG for an NNX model: running first/second moments of the flattened weights over snapshots."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.flatten_util import ravel_pytree


class SWAGMoment(nnx.Variable):
    pass


class SWAG(nnx.Module):
    def __init__(self, model: nnx.Module):
        flat, self._unravel = ravel_pytree(nnx.state(model, nnx.Param))
        self.model = model
        self.mean = SWAGMoment(jnp.zeros_like(flat))
        self.sq_mean = SWAGMoment(jnp.zeros_like(flat))
        self.n = SWAGMoment(jnp.zeros((), jnp.float32))

    def collect(self, snapshots):
        def add(_, w):
            k = self.n.value
            self.mean.value = (k * self.mean.value + w) / (k + 1)
            self.sq_mean.value = (k * self.sq_mean.value + w ** 2) / (k + 1)
            self.n.value = k + 1
            return None, None

        jax.lax.scan(add, None, snapshots)


def main():
    model = nnx.Sequential(nnx.Linear(4, 8, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(8, 2, rngs=nnx.Rngs(1)))
    swag = SWAG(model)
    dim = swag.mean.value.shape[0]
    swag.collect(jax.random.normal(jax.random.key(2), (5, dim)))
    return None
