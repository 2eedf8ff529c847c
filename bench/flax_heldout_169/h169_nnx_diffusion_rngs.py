# label: same-values
# flax-error: none
# class: 2 the local NNX denoiser is closed over by the fori_loop body, which rebuilds nnx.Rngs(noise=seed) from the local seed every step
"""DDPM-style sampling with an NNX denoiser in jax.lax.fori_loop, with a fresh nnx.Rngs
built inside the body.

Shape of the reports: after hitting "Cannot mutate RngCount from a different trace level"
the user creates the `nnx.Rngs` inside the loop body instead; the error is gone but every
step now draws exactly the same noise.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        tt = jnp.broadcast_to(t, x.shape[:-1] + (1,))
        return self.out(nnx.silu(self.inp(jnp.concatenate([x, tt], axis=-1))))


def sample(denoiser, x_T, num_steps, seed):
    betas = jnp.linspace(1e-4, 0.02, num_steps)
    alpha_bars = jnp.cumprod(1.0 - betas)
    noises = jnp.zeros((num_steps,) + x_T.shape)

    def body(i, carry):
        x, noises = carry
        t = num_steps - 1 - i
        eps_hat = denoiser(x, t / num_steps)
        x = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps_hat) / jnp.sqrt(1.0 - betas[t])
        rngs = nnx.Rngs(noise=seed)
        z = jax.random.normal(rngs.noise(), x.shape)
        return x + jnp.sqrt(betas[t]) * z, noises.at[i].set(z)

    return jax.lax.fori_loop(0, num_steps, body, (x_T, noises))


def main():
    denoiser = Denoiser(3, rngs=nnx.Rngs(0))
    x_T = jax.random.normal(jax.random.key(1), (4, 3))
    _, noises = sample(denoiser, x_T, num_steps=8, seed=42)
    return noises
