# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 WaveGrad-style sampler: a functools.partial of a noise helper bound to the model's nnx.Rngs is called inside a raw lax.scan over refinement steps
"""WaveGrad-like iterative waveform refinement (NNX): each step denoises and re-injects noise."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, length, hidden, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(length + 1, hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, length, rngs=rngs)
        self.rngs = rngs

    def __call__(self, y, t):
        return self.out(nnx.swish(self.inp(jnp.concatenate([y, t[None]]))))


def inject_noise(rngs, y, sigma):
    return y + sigma * jax.random.normal(rngs.noise(), y.shape)


def sample(model, y_T, sigmas):
    noise = functools.partial(inject_noise, model.rngs)

    def refine(y, sigma):
        y = y - model(y, sigma)
        return noise(y, sigma), None

    y0, _ = jax.lax.scan(refine, y_T, sigmas)
    return y0


def main():
    model = Denoiser(32, 64, rngs=nnx.Rngs(params=0, noise=1))
    sample(model, jnp.zeros((32,)), jnp.linspace(0.5, 0.01, 5))
    return None
