# label: trace-context
# flax-error: TraceContextError: Cannot mutate HiddenState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nested raw loops: an inner fori_loop inside a scan over chunks writes the LRU layer's hidden-state Variable
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop, scan


class HiddenState(nnx.Variable):
    pass


class LRULayer(nnx.Module):
    def __init__(self, dim, rngs):
        self.nu_log = nnx.Param(jnp.log(jnp.linspace(0.1, 0.9, dim)))
        self.B = nnx.Linear(dim, dim, rngs=rngs)
        self.h = HiddenState(jnp.zeros((dim,)))

    def step(self, u_t):
        lam = jnp.exp(-jnp.exp(self.nu_log[...]))
        self.h[...] = lam * self.h[...] + self.B(u_t)
        return self.h[...]


def stream(layer, chunks):
    def chunk_body(acc, chunk):
        def inner(t, a):
            return a + layer.step(chunk[t])

        return fori_loop(0, chunk.shape[0], inner, acc), None

    return scan(chunk_body, jnp.zeros((4,)), chunks)[0]


def main():
    layer = LRULayer(4, nnx.Rngs(0))
    out = stream(layer, jnp.ones((3, 5, 4)))
    out.block_until_ready()
    return None
