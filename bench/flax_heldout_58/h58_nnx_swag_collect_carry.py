# label: ok
# flax-error: none
# class: 2 NNX SWAG wrapper method collect() threads the moments through the raw lax.scan carry and assigns its Variables after the loop
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
        def add(carry, w):
            mean, sq_mean, k = carry
            return ((k * mean + w) / (k + 1), (k * sq_mean + w ** 2) / (k + 1), k + 1), None

        (mean, sq_mean, n), _ = jax.lax.scan(
            add, (self.mean.value, self.sq_mean.value, self.n.value), snapshots)
        self.mean.value, self.sq_mean.value, self.n.value = mean, sq_mean, n


def main():
    model = nnx.Sequential(nnx.Linear(4, 8, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(8, 2, rngs=nnx.Rngs(1)))
    swag = SWAG(model)
    dim = swag.mean.value.shape[0]
    swag.collect(jax.random.normal(jax.random.key(2), (5, dim)))
    return None
