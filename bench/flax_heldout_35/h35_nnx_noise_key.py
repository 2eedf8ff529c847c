# label: same-values
# flax-error: none
# class: 1 key drawn once with rngs.noise() before lax.scan and used unchanged by jax.random.normal inline in every step
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = nnx.Linear(4, 2, rngs=rngs)
    xs = jnp.ones((6, 3, 4))
    key = rngs.noise()

    def step(total, x):
        eps = 0.1 * jax.random.normal(key, x.shape)
        out = model(x + eps)
        return total + out.sum(), eps

    total, noise = jax.lax.scan(step, 0.0, xs)
    return noise
