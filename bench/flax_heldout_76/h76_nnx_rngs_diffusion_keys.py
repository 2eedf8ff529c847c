# label: ok
# flax-error: none
# class: 4 one rngs.noise() key taken before the scan and split into per-step keys scanned over with the timesteps
"""DDPM sampling with an NNX score network in jax.lax.scan: take one key
from the Rngs outside, split it per step and scan over the keys.
Returns the noise drawn at each reverse step."""
import jax
import jax.numpy as jnp
from flax import nnx

T = 6


class EpsModel(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        temb = jnp.full(x.shape[:-1] + (1,), t / T, x.dtype)
        return self.l2(nnx.gelu(self.l1(jnp.concatenate([x, temb], -1))))


def main():
    model = EpsModel(4, nnx.Rngs(0))
    rngs = nnx.Rngs(noise=1)
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    abar = jnp.cumprod(alphas)
    x = jax.random.normal(rngs.noise(), (2, 4))
    keys = jax.random.split(rngs.noise(), T)

    def reverse_step(x, inp):
        t, key = inp
        eps = model(x, t)
        mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        return mean + jnp.sqrt(betas[t]) * z, z

    x, zs = jax.lax.scan(reverse_step, x, (jnp.arange(T - 1, -1, -1), keys))
    return zs
