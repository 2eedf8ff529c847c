# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 LangevinSampler.sample runs the fori_loop itself and draws from its own self.rngs.noise() stream inside the body
"""Unadjusted Langevin sampling from a small NNX energy model, written with a raw lax.fori_loop
inside the sampler module."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class EnergyNet(nnx.Module):
    def __init__(self, dim, rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.swish(self.l1(x)))[..., 0]


class LangevinSampler(nnx.Module):
    def __init__(self, energy, step_size, rngs):
        self.energy = energy
        self.step_size = step_size
        self.rngs = rngs

    def sample(self, x0, n_steps):
        grad_energy = jax.grad(lambda x: self.energy(x).sum())

        def body(i, carry):
            x, noise_trace = carry
            noise = jax.random.normal(self.rngs.noise(), x.shape)
            x = x - self.step_size * grad_energy(x) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise_trace.at[i].set(noise)

        init = (x0, jnp.zeros((n_steps,) + x0.shape))
        return lax.fori_loop(0, n_steps, body, init)


def main():
    energy = EnergyNet(2, nnx.Rngs(0))
    sampler = LangevinSampler(energy, 0.01, nnx.Rngs(noise=1))
    x, noise_trace = sampler.sample(jnp.zeros((16, 2)), 10)
    print(x.mean(0))
    return noise_trace
