# label: same-values
# flax-error: none
# class: 3 the scan body reads self.denoiser and self.key from the Sampler object; the key drawn once from nnx.Rngs at construction is reused at every step
"""DDPM-style ancestral sampling with an NNX noise-prediction network, in a raw lax.scan.

Shape of the reports: a sampler class stores one key taken from nnx.Rngs in __init__, and the
scan body draws every step's noise from that same key.
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

        def step(x, t):
            eps = self.denoiser(x, t.astype(jnp.float32))
            mean = (x - self.betas[t] / jnp.sqrt(1.0 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
            z = jax.random.normal(self.key, x.shape)
            return mean + jnp.sqrt(self.betas[t]) * z, z

        ts = jnp.arange(self.betas.shape[0])[::-1]
        return lax.scan(step, x_T, ts)


def main():
    denoiser = EpsNet(2, nnx.Rngs(0))
    sampler = Sampler(denoiser, jnp.linspace(1e-4, 0.05, 12), nnx.Rngs(noise=1))
    x_T = jax.random.normal(jax.random.key(2), (32, 2))
    x0, zs = sampler.sample(x_T)
    print("sample mean", x0.mean(0))
    return zs
