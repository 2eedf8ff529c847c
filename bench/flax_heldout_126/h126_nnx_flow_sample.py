# label: same-values
# flax-error: none
# class: 3 the fori_loop body builds nnx.Rngs(base=self.seed) from the Sampler's attribute and pushes the base noise through self.flow
"""Drawing sample batches from a small NNX planar flow with lax.fori_loop.

The Sampler owns the flow and a seed.  Each iteration draws a batch of base noise from an
nnx.Rngs stream and maps it through the flow, filling a preallocated buffer.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop

DIM, BATCH, NUM_BATCHES = 2, 5, 4


class Planar(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.u = nnx.Param(0.1 * jax.random.normal(rngs.params(), (DIM,)))
        self.w = nnx.Param(jax.random.normal(rngs.params(), (DIM,)))
        self.b = nnx.Param(jnp.zeros(()))

    def __call__(self, z):
        return z + self.u.value * jnp.tanh(z @ self.w.value + self.b.value)[..., None]


class Flow(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.layers = nnx.List([Planar(rngs) for _ in range(3)])

    def __call__(self, z):
        for layer in self.layers:
            z = layer(z)
        return z


class Sampler:
    def __init__(self, flow, seed):
        self.flow = flow
        self.seed = seed

    def sample(self):
        def body(i, buf):
            rngs = nnx.Rngs(base=self.seed)
            z = jax.random.normal(rngs.base(), (BATCH, DIM))
            return buf.at[i].set(self.flow(z))

        return fori_loop(0, NUM_BATCHES, body, jnp.zeros((NUM_BATCHES, BATCH, DIM)))


def main():
    sampler = Sampler(Flow(nnx.Rngs(0)), seed=42)
    return sampler.sample()
