# label: ok
# flax-error: none
# class: 2 the scan body closes over the local transition model and builds nnx.Rngs from the seed key folded with the step
"""Bootstrap particle filter with a learned NNX transition model.

Twin of h221_nnx_particle_filter: the Rngs built inside the body is seeded
with the seed key folded with the scanned step index, so each step draws new
process noise and new resampling indices.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

N_PARTICLES = 64


class Transition(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.log_q = nnx.Param(jnp.full((dim,), -1.0))

    def __call__(self, x):
        return x + 0.1 * jnp.tanh(self.lin(x))


def run_filter(model, observations, seed=0):
    def body(particles, inputs):
        y, t = inputs
        rngs = nnx.Rngs(jax.random.fold_in(jax.random.key(seed), t))
        noise = jax.random.normal(rngs.process(), particles.shape)
        particles = model(particles) + jnp.exp(model.log_q.value) * noise
        logw = -0.5 * jnp.sum((particles - y) ** 2, -1)
        idx = jax.random.categorical(rngs.resample(), logw, shape=(N_PARTICLES,))
        particles = particles[idx]
        return particles, (particles.mean(0), noise)

    p0 = jnp.zeros((N_PARTICLES, observations.shape[-1]))
    _, (means, noises) = jax.lax.scan(
        body, p0, (observations, jnp.arange(observations.shape[0])))
    return means, noises


def main():
    model = Transition(2, nnx.Rngs(0))
    t = jnp.linspace(0.0, 3.0, 12)
    observations = jnp.stack([jnp.sin(t), jnp.cos(t)], -1)
    means, noises = run_filter(model, observations)
    return noises
