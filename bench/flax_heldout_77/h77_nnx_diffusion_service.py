# label: same-values
# flax-error: none
# class: 1 a fresh nnx.Rngs(noise=<fixed service key>) is built inside the raw jax.lax.scan body over timesteps, so every step draws the same noise
"""Diffusion sampling service (NNX): the denoiser is a module, the service owns the seed."""
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs):
        self.t_embed = nnx.Linear(1, dim, rngs=rngs)
        self.net = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x, t):
        return self.net(x + self.t_embed(t[None]))


class SamplingService:
    def __init__(self, denoiser, num_steps=6, seed=42):
        self.denoiser = denoiser
        self.num_steps = num_steps
        self.seed_key = jax.random.key(seed)
        self.sigmas = jnp.linspace(1.0, 0.1, num_steps)

    def sample(self, x_T):
        def reverse_step(x, inputs):
            t, sigma = inputs
            rngs = nnx.Rngs(noise=self.seed_key)
            eps = jax.random.normal(rngs.noise(), x.shape)
            x = x - 0.1 * self.denoiser(x, t) + sigma * eps
            return x, eps

        ts = jnp.arange(self.num_steps, dtype=jnp.float32)[::-1]
        _, noise = jax.lax.scan(reverse_step, x_T, (ts, self.sigmas))
        return noise


def main():
    service = SamplingService(Denoiser(4, nnx.Rngs(0)))
    return service.sample(jnp.ones((4,)))
