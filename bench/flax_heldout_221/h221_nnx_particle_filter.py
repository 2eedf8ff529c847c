# label: same-values
# flax-error: none
# class: 2 the scan body closes over the local transition model and builds nnx.Rngs(seed) afresh at every step
"""Bootstrap particle filter with a learned NNX transition model.

Modelled on a Discussions post "particle filter collapses to one particle":
the filter step is a raw jax.lax.scan over observations, and because the
body cannot mutate an outside Rngs the user builds a fresh nnx.Rngs from the
seed inside the body for the process noise and the resampling.
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
    def body(particles, y):
        rngs = nnx.Rngs(seed)
        noise = jax.random.normal(rngs.process(), particles.shape)
        particles = model(particles) + jnp.exp(model.log_q.value) * noise
        logw = -0.5 * jnp.sum((particles - y) ** 2, -1)
        idx = jax.random.categorical(rngs.resample(), logw, shape=(N_PARTICLES,))
        particles = particles[idx]
        return particles, (particles.mean(0), noise)

    p0 = jnp.zeros((N_PARTICLES, observations.shape[-1]))
    _, (means, noises) = jax.lax.scan(body, p0, observations)
    return means, noises


def main():
    model = Transition(2, nnx.Rngs(0))
    t = jnp.linspace(0.0, 3.0, 12)
    observations = jnp.stack([jnp.sin(t), jnp.cos(t)], -1)
    means, noises = run_filter(model, observations)
    return noises
