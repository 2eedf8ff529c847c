# label: ok
# flax-error: none
# class: 4 the key taken from nnx.Rngs before the raw scan is folded with the step index inside the body
"""The Langevin sampler after the fix: fold_in(key, i) per step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Energy(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(2, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x))).sum()


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    energy = Energy(rngs)
    x0 = jnp.zeros((5, 2))
    key = rngs.noise()
    step_size = 0.01

    def step(x, i):
        g = jax.grad(energy)(x)
        noise = jax.random.normal(jax.random.fold_in(key, i), x.shape)
        x = x - step_size * g + jnp.sqrt(2 * step_size) * noise
        return x, noise

    _, noises = lax.scan(step, x0, jnp.arange(6))
    return noises
