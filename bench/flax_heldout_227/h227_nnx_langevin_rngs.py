# label: same-values
# flax-error: none
# class: 5 make_chain is a factory whose returned chain function closes over the energy model and a seed and rebuilds nnx.Rngs from that seed in every scan step
"""Langevin sampling from an NNX energy-based model, several chains via a raw lax.scan.

Modelled on "Rngs inside scan" questions: to avoid mutating an outer nnx.Rngs in the traced
body, the chain function builds a fresh nnx.Rngs(noise=seed) on every call. Every scanned chain
starts from the same seed, so every chain draws the same noise and ends in the same place.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Energy(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x)))[..., 0]


def make_chain(model, x0, step_size=0.05, n_steps=6, seed=0):
    grad_energy = jax.grad(lambda x: model(x).sum())

    def chain(carry, _):
        rngs = nnx.Rngs(noise=seed)
        x = x0
        for _ in range(n_steps):
            noise = jax.random.normal(rngs.noise(), x.shape)
            x = x - step_size * grad_energy(x) + jnp.sqrt(2 * step_size) * noise
        return carry, x

    return chain


def main():
    model = Energy(2, rngs=nnx.Rngs(0))
    chain = make_chain(model, jnp.zeros((4, 2)))
    _, samples = lax.scan(chain, None, None, length=6)
    return samples
