# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 scan body calls the bound method self._step, which calls self._noise_like, which draws from the held self.rngs.noise() stream
# modelled on: kelechi-c/microdit_jax model.py (nnx diffusion model with module-level nnx.Rngs) and google/flax#4151 `nnx.Dropout` in combination with `jax.lax.scan`
"""Ancestral DDPM sampler wrapped around an NNX noise-prediction network."""

import jax
import jax.numpy as jnp
from flax import nnx

T, DIM = 6, 4


class EpsModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.inp = nnx.Linear(DIM + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, DIM, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t / T, x[..., :1].shape)], axis=-1)
        return self.out(nnx.silu(self.inp(h)))


class DDPMSampler:
    def __init__(self, model, seed=0):
        self.model = model
        self.rngs = nnx.Rngs(noise=seed)
        self.betas = jnp.linspace(1e-4, 0.2, T)
        self.alphas = 1.0 - self.betas
        self.alpha_bars = jnp.cumprod(self.alphas)

    def _noise_like(self, x):
        return jax.random.normal(self.rngs.noise(), x.shape)

    def _step(self, x, t):
        eps = self.model(x, t)
        mean = (x - self.betas[t] / jnp.sqrt(1.0 - self.alpha_bars[t]) * eps) / jnp.sqrt(self.alphas[t])
        z = self._noise_like(x)
        return mean + jnp.sqrt(self.betas[t]) * jnp.where(t > 0, 1.0, 0.0) * z, z

    def sample(self, x_T):
        return jax.lax.scan(self._step, x_T, jnp.arange(T)[::-1])


def main():
    sampler = DDPMSampler(EpsModel(nnx.Rngs(params=0)), seed=1)
    x_T = jax.random.normal(jax.random.key(2), (3, DIM))
    x0, zs = sampler.sample(x_T)
    x0.block_until_ready()
    return zs
