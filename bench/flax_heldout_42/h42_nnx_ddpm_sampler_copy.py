# label: same-values
# flax-error: none
# class: 4 a factory splits the denoiser into params and RngState and returns a sampler; its scan body rebuilds the model with nnx.merge(..., copy=True) from the closed-over states and draws from the model's 'noise' stream
"""Ancestral DDPM sampler for an NNX denoiser.

`make_sampler(model, cfg)` splits the model once into a graphdef, its parameters and its
RNG state and returns a pure function that runs the reverse process with a raw
`jax.lax.scan` over timesteps. Inside the step the model is rebuilt with
`nnx.merge(..., copy=True)` and draws the injected noise from its own 'noise' stream.
The injected noise is returned for diagnostics.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.t_embed = nnx.Linear(1, dim, rngs=rngs)
        self.net = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = nnx.Rngs(noise=rngs.params())

    def __call__(self, x, t):
        return self.net(x + self.t_embed(t[None, None].astype(jnp.float32)))

    def sample_noise(self, shape):
        return jax.random.normal(self.rngs.noise(), shape)


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    steps: int = 6
    beta_min: float = 1e-4
    beta_max: float = 0.02


def make_sampler(model: Denoiser, cfg: SamplerConfig):
    graphdef, params, rng_state = nnx.split(model, nnx.Param, nnx.RngState)
    betas = jnp.linspace(cfg.beta_min, cfg.beta_max, cfg.steps)
    alphas = 1.0 - betas
    alpha_bars = jnp.cumprod(alphas)

    def sample(x_T):
        def step(x, t):
            denoiser = nnx.merge(graphdef, params, rng_state, copy=True)
            eps_hat = denoiser(x, t)
            coef = betas[t] / jnp.sqrt(1.0 - alpha_bars[t])
            mean = (x - coef * eps_hat) / jnp.sqrt(alphas[t])
            z = denoiser.sample_noise(x.shape)
            return mean + jnp.sqrt(betas[t]) * z, z

        x_0, noise = jax.lax.scan(step, x_T, jnp.arange(cfg.steps)[::-1])
        return x_0, noise

    return sample


def main():
    cfg = SamplerConfig()
    model = Denoiser(4, rngs=nnx.Rngs(0))
    sampler = make_sampler(model, cfg)
    x_0, noise = sampler(jnp.zeros((2, 4)))
    return noise
