# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the body of sample() draws noise from ddpm.rngs.noise(), an Rngs attribute of the DDPM module
"""DDPM ancestral sampling with an NNX model, written as a raw jax.lax.scan over timesteps.

Modelled on NNX diffusion examples ported from Linen where the module keeps an nnx.Rngs for
sampling noise.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs):
        self.inp = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        t = jnp.broadcast_to(t, x.shape[:-1] + (1,)).astype(x.dtype)
        return self.out(nnx.gelu(self.inp(jnp.concatenate([x, t], axis=-1))))


class DDPM(nnx.Module):
    def __init__(self, dim, steps, rngs: nnx.Rngs):
        self.net = Denoiser(dim, rngs)
        self.steps = steps
        self.rngs = rngs


def sample(ddpm, x_T):
    betas = jnp.linspace(1e-4, 0.02, ddpm.steps)
    alphas = 1.0 - betas
    alpha_bars = jnp.cumprod(alphas)

    def body(x, t):
        eps = ddpm.net(x, t / ddpm.steps)
        mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
        noise = jax.random.normal(ddpm.rngs.noise(), x.shape)
        return mean + jnp.sqrt(betas[t]) * noise, noise

    x0, noises = jax.lax.scan(body, x_T, jnp.arange(ddpm.steps)[::-1])
    return x0, noises


def main():
    ddpm = DDPM(4, 6, rngs=nnx.Rngs(params=0, noise=1))
    x_T = jax.random.normal(jax.random.key(2), (3, 4))
    _, noises = sample(ddpm, x_T)
    return noises


if __name__ == "__main__":
    print(main()[:, 0])
