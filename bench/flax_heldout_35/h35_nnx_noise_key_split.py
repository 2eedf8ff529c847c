# label: ok
# flax-error: none
# class: 1 rngs.noise() key split into one key per step before lax.scan and scanned over alongside the inputs
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = nnx.Linear(4, 2, rngs=rngs)
    xs = jnp.ones((6, 3, 4))
    keys = jax.random.split(rngs.noise(), xs.shape[0])

    def step(total, inp):
        x, key = inp
        eps = 0.1 * jax.random.normal(key, x.shape)
        out = model(x + eps)
        return total + out.sum(), eps

    total, noise = jax.lax.scan(step, 0.0, (xs, keys))
    return noise
