# label: same-values
# flax-error: none
# class: 4 one key drawn from nnx.Rngs before the jax.lax.scan is closed over and reused for the noise of every timestep
"""NNX DDPM sampler with classifier-free guidance. After hitting a TraceContextError for calling
rngs.noise() inside jax.lax.scan, the user draws the key once before the loop."""
import jax
import jax.numpy as jnp
from flax import nnx

T = 5


class Denoiser(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.t_emb = nnx.Embed(T, dim, rngs=rngs)
        self.c_emb = nnx.Embed(3, dim, rngs=rngs)
        self.l1 = nnx.Linear(dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, dim, rngs=rngs)

    def __call__(self, x, t, cond):
        h = x + self.t_emb(t) + self.c_emb(cond)
        return self.l2(nnx.silu(self.l1(h)))


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    eps = Denoiser(4, rngs=rngs)
    alphas = 1.0 - jnp.linspace(1e-4, 0.02, T)
    alpha_bars = jnp.cumprod(alphas)
    cond = jnp.array([1, 2])
    null = jnp.zeros_like(cond)
    x_T = jax.random.normal(rngs.noise(), (2, 4))
    key = rngs.noise()
    w = 2.0

    def step(x, t):
        tt = jnp.full_like(cond, t)
        e = (1 + w) * eps(x, tt, cond) - w * eps(x, tt, null)
        mean = (x - (1 - alphas[t]) / jnp.sqrt(1 - alpha_bars[t]) * e) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        return mean + jnp.sqrt(1 - alphas[t]) * z, z

    x0, zs = jax.lax.scan(step, x_T, jnp.arange(T)[::-1])
    return zs
