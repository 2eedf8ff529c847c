# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the ParticleFilter's own run method scans and calls its self.rngs streams (noise, resample) in the body
"""A bootstrap particle filter written as an NNX module, filtering with a raw jax.lax.scan.

Shape of the reports: the module keeps an `nnx.Rngs` as an attribute and its `run` method
calls `self.rngs.noise()` / `self.rngs.resample()` inside a `jax.lax.scan` body, as it
would in a Python loop.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ParticleFilter(nnx.Module):
    def __init__(self, dim, num_particles, rngs: nnx.Rngs):
        self.transition = nnx.Linear(dim, dim, rngs=rngs)
        self.num_particles = num_particles
        self.dim = dim
        self.rngs = rngs

    def run(self, observations):
        particles = jnp.zeros((self.num_particles, self.dim))

        def body(particles, y):
            noise = jax.random.normal(self.rngs.noise(), particles.shape)
            particles = jnp.tanh(self.transition(particles)) + 0.3 * noise
            logw = -0.5 * jnp.sum((y - particles) ** 2, axis=-1) / 0.2
            idx = jax.random.categorical(self.rngs.resample(), logw, shape=(self.num_particles,))
            particles = particles[idx]
            return particles, particles.mean(axis=0)

        _, estimates = jax.lax.scan(body, particles, observations)
        return estimates


def main():
    pf = ParticleFilter(2, 32, rngs=nnx.Rngs(0, noise=1, resample=2))
    t = jnp.arange(10, dtype=jnp.float32)[:, None]
    observations = jnp.concatenate([jnp.sin(t / 3), jnp.cos(t / 3)], axis=-1)
    return pf.run(observations)
