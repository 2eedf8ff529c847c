# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 SeismicDenoiser.denoise runs lax.while_loop and the body draws self.augmentor.rngs.noise(), an nnx.Rngs stream of the augmentor sub-module created outside the loop
"""Iterative denoising of seismograph traces with stochastic dither."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DitherAugmentor(nnx.Module):
    def __init__(self, scale: float, *, rngs: nnx.Rngs):
        self.scale = scale
        self.rngs = rngs

    def dither(self, shape):
        return self.scale * jax.random.normal(self.rngs.noise(), shape)


class SeismicDenoiser(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.filter = nnx.Linear(channels, channels, rngs=rngs)
        self.augmentor = DitherAugmentor(0.05, rngs=rngs)

    def denoise(self, trace, max_iters: int = 6, tolerance: float = 1e-4):
        dither_log = jnp.zeros((max_iters,) + trace.shape)

        def not_converged(state):
            i, _, change, _ = state
            return (i < max_iters) & (change > tolerance)

        def refine(state):
            i, current, _, log = state
            dither = self.augmentor.dither(current.shape)
            updated = current + 0.1 * jnp.tanh(self.filter(current + dither))
            change = jnp.abs(updated - current).mean()
            return i + 1, updated, change, log.at[i].set(dither)

        state0 = (jnp.int32(0), trace, jnp.float32(jnp.inf), dither_log)
        _, cleaned, _, dither_log = lax.while_loop(not_converged, refine, state0)
        return cleaned, dither_log


def main():
    denoiser = SeismicDenoiser(channels=3, rngs=nnx.Rngs(params=0, noise=1))
    trace = jax.random.normal(jax.random.key(5), (16, 3))
    _, dither_log = denoiser.denoise(trace)
    return dither_log
