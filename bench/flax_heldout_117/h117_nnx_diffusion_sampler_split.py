# label: ok
# flax-error: none
# class: 3 the scan body reads self.denoiser from the Sampler object; the key from self.key enters the scan carry and is split at every step
"""DDPM-style ancestral sampling with an NNX noise-prediction network, in a raw lax.scan.

Twin of h117_nnx_diffusion_sampler: the stored key seeds the scan carry and is split per step.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class EpsNet(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, 64, rngs=rngs)
        self.mid = nnx.Linear(64, 64, rngs=rngs)
        self.out = nnx.Linear(64, dim, rngs=rngs)

    def __call__(self, x, t):
        tt = jnp.full((x.shape[0], 1), t / 10.0)
        h = nnx.silu(self.inp(jnp.concatenate([x, tt], axis=-1)))
        return self.out(nnx.silu(self.mid(h)))


class Sampler:
    def __init__(self, denoiser, betas, rngs: nnx.Rngs):
        self.denoiser = denoiser
        self.betas = betas
        self.key = rngs.noise()

    def sample(self, x_T):
        alphas = 1.0 - self.betas
        alpha_bar = jnp.cumprod(alphas)

        def step(carry, t):
            x, key = carry
            key, sub = jax.random.split(key)
            eps = self.denoiser(x, t.astype(jnp.float32))
            mean = (x - self.betas[t] / jnp.sqrt(1.0 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(sub, x.shape)
            return (mean + jnp.sqrt(self.betas[t]) * z, key), z

        ts = jnp.arange(self.betas.shape[0])[::-1]
        (x0, _), zs = lax.scan(step, (x_T, self.key), ts)
        return x0, zs


def main():
    denoiser = EpsNet(2, nnx.Rngs(0))
    sampler = Sampler(denoiser, jnp.linspace(1e-4, 0.05, 12), nnx.Rngs(noise=1))
    x_T = jax.random.normal(jax.random.key(2), (32, 2))
    x0, zs = sampler.sample(x_T)
    print("sample mean", x0.mean(0))
    return zs
