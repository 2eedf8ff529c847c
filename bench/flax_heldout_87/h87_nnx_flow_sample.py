# label: same-values
# flax-error: none
# class: 4 the base-distribution key is drawn from nnx.Rngs once and closed over by the raw scan that samples in chunks
"""Sampling from an NNX affine-coupling normalising flow in chunks with jax.lax.scan; the
base-distribution key is drawn from the Rngs once and reused by every chunk."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax
DIM, CHUNK, N_CHUNKS = 4, 8, 5


class Coupling(nnx.Module):
    def __init__(self, flip: bool, rngs: nnx.Rngs):
        self.flip = flip
        self.net = nnx.Linear(DIM // 2, 32, rngs=rngs)
        self.scale = nnx.Linear(32, DIM // 2, rngs=rngs)
        self.shift = nnx.Linear(32, DIM // 2, rngs=rngs)

    def __call__(self, z):
        a, b = jnp.split(z, 2, axis=-1)
        if self.flip:
            a, b = b, a
        h = nnx.relu(self.net(a))
        b = b * jnp.exp(jnp.tanh(self.scale(h))) + self.shift(h)
        return jnp.concatenate((b, a) if self.flip else (a, b), axis=-1)


class Flow(nnx.Module):
    def __init__(self, n_layers: int, rngs: nnx.Rngs):
        self.layers = nnx.List([Coupling(i % 2 == 1, rngs) for i in range(n_layers)])

    def __call__(self, z):
        for layer in self.layers:
            z = layer(z)
        return z


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    flow = Flow(4, rngs)
    z_key = rngs.sample()

    def draw(total, _):
        z = jax.random.normal(z_key, (CHUNK, DIM))
        x = flow(z)
        return total + x.sum(0), z

    _, zs = lax.scan(draw, jnp.zeros(DIM), None, length=N_CHUNKS)
    return zs
