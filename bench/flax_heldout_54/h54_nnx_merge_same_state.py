# label: same-values
# flax-error: none
# class: 2 the body merges a copy (copy=True) of a state captured from outside the raw lax.scan, so its Rngs restart every step
"""NNX diffusion sampler: following the advice 'use split/merge with jax.lax.scan', the user splits
once and merges the captured state in the body. Merging it directly raised "Cannot mutate RngCount
from a different trace level", so they added copy=True; the new state is never carried.
Returns the per-step noise."""
import jax
import jax.numpy as jnp
from flax import nnx

T = 8


class Sampler(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.eps_model = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs

    def step(self, x, beta):
        eps = self.eps_model(x)
        z = jax.random.normal(self.rngs.noise(), x.shape)
        return (x - beta * eps) / jnp.sqrt(1 - beta) + jnp.sqrt(beta) * z, z


def main():
    sampler = Sampler(3, nnx.Rngs(params=0, noise=1))
    graphdef, state = nnx.split(sampler)
    betas = jnp.linspace(1e-4, 0.02, T)

    def body(x, beta):
        s = nnx.merge(graphdef, state, copy=True)
        x, z = s.step(x, beta)
        return x, z

    _, noise = jax.lax.scan(body, jnp.zeros((2, 3)), betas)
    return noise
