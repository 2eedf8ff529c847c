# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decode-step factory builds the projection module lazily inside the while_loop body and keeps it in a shared cache dict
"""Neural speech-codec decoder: latent frames are projected back to spectra, then post-filtered."""

import jax
import jax.numpy as jnp
from flax import nnx
import jax.lax as jl

LATENT = 4
N_BINS = 8


class ProjectionCache(dict):
    """Modules shared between the decode loop and the post-filter."""


def make_decode_step(latents, cache: ProjectionCache, seed: int):
    def projection():
        if "proj" not in cache:
            cache["proj"] = nnx.Linear(LATENT, N_BINS, rngs=nnx.Rngs(seed))
        return cache["proj"]

    def step(state):
        t, spectra = state
        return t + 1, spectra.at[t].set(jax.nn.softplus(projection()(latents[t])))

    return step


class PostFilter:
    def __init__(self, cache: ProjectionCache):
        self.cache = cache

    def __call__(self, spectra, latents):
        residual = self.cache["proj"](latents.mean(0))
        return spectra + 0.1 * jnp.tanh(residual)


def decode(latents, seed=0):
    cache = ProjectionCache()
    n_frames = latents.shape[0]
    step = make_decode_step(latents, cache, seed)
    _, spectra = jl.while_loop(lambda s: s[0] < n_frames, step, (0, jnp.zeros((n_frames, N_BINS))))
    return PostFilter(cache)(spectra, latents)


def main():
    latents = jnp.tanh(jnp.arange(5 * LATENT, dtype=jnp.float32).reshape(5, LATENT) / 7.0)
    spectra = decode(latents)
    jax.block_until_ready(spectra)
    return None
