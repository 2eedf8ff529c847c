# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the scan body merges the local graphdef with the local state closed over from sample_many and draws from the merged flow's Rngs
"""NNX affine-coupling flow; the user splits it once and merges inside a raw scan to sample."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan

DIM = 4


class Coupling(nnx.Module):
    def __init__(self, flip, rngs):
        self.flip = flip
        self.net = nnx.Linear(DIM // 2, 16, rngs=rngs)
        self.scale = nnx.Linear(16, DIM // 2, rngs=rngs)
        self.shift = nnx.Linear(16, DIM // 2, rngs=rngs)

    def inverse(self, y):
        a, b = jnp.split(y, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nnx.tanh(self.net(a))
        b = (b - self.shift(h)) * jnp.exp(-jnp.tanh(self.scale(h)))
        return jnp.concatenate((b, a) if self.flip else (a, b), axis=-1)


class Flow(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.layers = nnx.List([Coupling(i % 2 == 1, rngs) for i in range(4)])
        self.rngs = rngs

    def sample(self):
        z = jax.random.normal(self.rngs.sample(), (DIM,))
        for layer in reversed(self.layers):
            z = layer.inverse(z)
        return z


def sample_many(flow, n):
    graphdef, state = nnx.split(flow)

    def body(carry, _):
        f = nnx.merge(graphdef, state)
        return carry, f.sample()

    _, xs = scan(body, None, None, length=n)
    return xs


def main():
    flow = Flow(nnx.Rngs(params=0, sample=1))
    return sample_many(flow, 6)
