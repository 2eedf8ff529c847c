# label: ok
# flax-error: none
# class: 2 a global Rngs stream called once outside, split into per-step keys given as xs; returns the noise
import jax
import jax.numpy as jnp
from flax import nnx

rngs = nnx.Rngs(0, noise=3)


def main():
    keys = jax.random.split(rngs.noise(), 5)

    def step(x, k):
        dx = jax.random.normal(k, x.shape)
        return x + dx, dx

    x, dxs = jax.lax.scan(step, jnp.zeros(2), keys)
    print(dxs)
    return dxs
