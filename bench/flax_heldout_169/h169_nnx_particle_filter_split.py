# label: ok
# flax-error: none
# class: 1 the ParticleFilter's own run method draws one key per stream from self.rngs before the scan and scans over the split keys
"""A bootstrap particle filter written as an NNX module, filtering with a raw jax.lax.scan.

The working twin: the module still owns its `nnx.Rngs`, but `run` calls each stream once
before the loop and splits the keys into one per time step, passed to the scan as xs.
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
        steps = observations.shape[0]
        noise_keys = jax.random.split(self.rngs.noise(), steps)
        resample_keys = jax.random.split(self.rngs.resample(), steps)

        def body(particles, inputs):
            y, noise_key, resample_key = inputs
            noise = jax.random.normal(noise_key, particles.shape)
            particles = jnp.tanh(self.transition(particles)) + 0.3 * noise
            logw = -0.5 * jnp.sum((y - particles) ** 2, axis=-1) / 0.2
            idx = jax.random.categorical(resample_key, logw, shape=(self.num_particles,))
            particles = particles[idx]
            return particles, particles.mean(axis=0)

        _, estimates = jax.lax.scan(body, particles, (observations, noise_keys, resample_keys))
        return estimates


def main():
    pf = ParticleFilter(2, 32, rngs=nnx.Rngs(0, noise=1, resample=2))
    t = jnp.arange(10, dtype=jnp.float32)[:, None]
    observations = jnp.concatenate([jnp.sin(t / 3), jnp.cos(t / 3)], axis=-1)
    return pf.run(observations)
