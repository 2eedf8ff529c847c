# label: same-values
# flax-error: none
# class: 1 key pulled once from nnx.Rngs before the raw scan and closed over by the body
"""Diffusion sampler: after hitting the trace error the user draws the key outside the loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(4, 4, rngs=rngs)

    def __call__(self, x, t):
        return self.net(x) * (1.0 - t)


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = Denoiser(rngs)
    key = rngs.noise()
    ts = jnp.linspace(1.0, 0.0, 6)

    def step(x, t):
        eps = jax.random.normal(key, x.shape)
        x = x - 0.1 * model(x, t) + 0.05 * eps
        return x, eps

    _, noise = jax.lax.scan(step, jnp.zeros((4,)), ts)
    return noise
