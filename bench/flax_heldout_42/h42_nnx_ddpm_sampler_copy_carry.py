# label: ok
# flax-error: none
# class: 4 a factory splits the denoiser into params and RngState and returns a sampler; its scan body merges the model with the RngState taken from the carry, draws from the 'noise' stream and returns nnx.state(model, nnx.RngState)
"""Ancestral DDPM sampler for an NNX denoiser.

`make_sampler(model, cfg)` splits the model once into a graphdef, its parameters and its
RNG state and returns a pure function that runs the reverse process with a raw
`jax.lax.scan` over timesteps. The RNG state is part of the scan carry, so each step
continues the model's 'noise' stream. The injected noise is returned for diagnostics.
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
        def step(carry, t):
            x, rng_state = carry
            denoiser = nnx.merge(graphdef, params, rng_state, copy=True)
            eps_hat = denoiser(x, t)
            coef = betas[t] / jnp.sqrt(1.0 - alpha_bars[t])
            mean = (x - coef * eps_hat) / jnp.sqrt(alphas[t])
            z = denoiser.sample_noise(x.shape)
            x = mean + jnp.sqrt(betas[t]) * z
            return (x, nnx.state(denoiser, nnx.RngState)), z

        (x_0, _), noise = jax.lax.scan(step, (x_T, rng_state), jnp.arange(cfg.steps)[::-1])
        return x_0, noise

    return sample


def main():
    cfg = SamplerConfig()
    model = Denoiser(4, rngs=nnx.Rngs(0))
    sampler = make_sampler(model, cfg)
    x_0, noise = sampler(jnp.zeros((2, 4)))
    return noise
