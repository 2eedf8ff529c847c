# label: same-values
# flax-error: none
# class: 1 one key is drawn from the nnx.Rngs stream before the raw jax.lax.fori_loop and the reverse-diffusion body closes over it unsplit, so every step adds the same noise
"""DDPM ancestral sampler with an NNX noise-prediction network. The sampling key is taken
from `rngs.sample()` once, and each reverse step of the jax.lax.fori_loop draws
z ~ N(0, I) from it; main returns the z of every step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class EpsModel(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.broadcast_to(t, x.shape[:-1] + (1,))], -1)
        return self.l2(nnx.silu(self.l1(h)))


def main():
    T = 6
    rngs = nnx.Rngs(params=0, sample=1)
    model = EpsModel(2, rngs)
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    alpha_bars = jnp.cumprod(alphas)
    key = rngs.sample()
    x_T = jax.random.normal(rngs.sample(), (8, 2))

    def body(i, carry):
        x, zs = carry
        t = T - 1 - i
        eps = model(x, t / T)
        mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        x = mean + jnp.sqrt(betas[t]) * z
        return x, zs.at[i].set(z)

    zs = jnp.zeros((T,) + x_T.shape)
    x0, zs = jax.lax.fori_loop(0, T, body, (x_T, zs))
    return zs
