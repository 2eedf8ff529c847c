# label: same-values
# flax-error: none
# class: 3 pipeline's fori_loop body calls a plain-Python scheduler object held by the module, whose step draws noise from the key it stored at construction
"""Diffusers-style DDPM pipeline: an NNX denoiser plus a plain scheduler object."""
import jax
import jax.numpy as jnp
from flax import nnx


class DDPMScheduler:
    def __init__(self, num_steps: int, key):
        self.betas = jnp.linspace(1e-4, 0.05, num_steps)
        self.alphas = 1.0 - self.betas
        self.alpha_bars = jnp.cumprod(self.alphas)
        self.key = key

    def step(self, eps_pred, t, x):
        a, ab = self.alphas[t], self.alpha_bars[t]
        mean = (x - (1 - a) / jnp.sqrt(1 - ab) * eps_pred) / jnp.sqrt(a)
        z = jax.random.normal(self.key, x.shape)
        return mean + jnp.sqrt(self.betas[t]) * z, z


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        tt = jnp.full(x.shape[:-1] + (1,), t / 10.0)
        return self.out(nnx.silu(self.inp(jnp.concatenate([x, tt], -1))))


class DDPMPipeline(nnx.Module):
    def __init__(self, dim=3, num_steps=6, *, rngs: nnx.Rngs):
        self.unet = Denoiser(dim, rngs)
        self.scheduler = DDPMScheduler(num_steps, rngs.sampler())
        self.num_steps = num_steps
        self.dim = dim

    def __call__(self, x_T):
        noise_log = jnp.zeros((self.num_steps,) + x_T.shape)

        def body(i, state):
            x, log = state
            t = self.num_steps - 1 - i
            x, z = self.scheduler.step(self.unet(x, t), t, x)
            return x, log.at[i].set(z)

        return jax.lax.fori_loop(0, self.num_steps, body, (x_T, noise_log))


def main():
    pipe = DDPMPipeline(rngs=nnx.Rngs(params=0, sampler=1))
    x_T = jax.random.normal(jax.random.key(2), (4, pipe.dim))
    x0, noise_log = pipe(x_T)
    print("sample std", float(x0.std()))
    return noise_log
