# label: ok
# flax-error: none
# class: 3 key pulled once from nnx.Rngs, folded in with the step index carried in xs
"""Diffusion sampler, fixed: fold the step index into the key inside the body."""
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

    def step(x, inputs):
        i, t = inputs
        eps = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x - 0.1 * model(x, t) + 0.05 * eps
        return x, eps

    _, noise = jax.lax.scan(step, jnp.zeros((4,)), (jnp.arange(ts.shape[0]), ts))
    return noise
