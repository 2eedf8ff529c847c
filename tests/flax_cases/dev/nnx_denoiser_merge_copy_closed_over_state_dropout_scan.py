# label: same-values
# flax-error: none
# class: 3 the scan body rebuilds the denoiser with `nnx.merge(graphdef, params, copy=True)` from state split outside and closed over; its nnx.Dropout holds its own streams; returns the per-step outputs
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.dense = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.dense(x))


def sample(xs):
    graphdef, params = nnx.split(Denoiser(nnx.Rngs(0)))
    def body(carry, x):
        net = nnx.merge(graphdef, params, copy=True)
        return carry, net(x)
    return jax.lax.scan(body, 0.0, xs)[1]


def main():
    return sample(jnp.ones((5, 2, 4)))
