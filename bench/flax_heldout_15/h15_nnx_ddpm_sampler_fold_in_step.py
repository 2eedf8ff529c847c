# label: ok
# flax-error: none
# class: 2 read-only denoiser argument called in the lax.scan body; noise keys are fold_in(key, t) of a key drawn before the loop
import jax
import jax.numpy as jnp
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(dim + 1, 64, rngs=rngs)
        self.fc2 = nnx.Linear(64, dim, rngs=rngs)

    def __call__(self, x, t):
        t = jnp.full(x.shape[:-1] + (1,), t, x.dtype)
        return self.fc2(nnx.silu(self.fc1(jnp.concatenate([x, t], -1))))


def ddpm_sample(model, rngs, shape, num_steps=10):
    betas = jnp.linspace(1e-4, 0.05, num_steps)
    alpha_bars = jnp.cumprod(1.0 - betas)
    key = rngs.sample()

    def reverse(x, t):
        eps = model(x, t / num_steps)
        mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(1 - betas[t])
        z = jax.random.normal(jax.random.fold_in(key, t), shape)
        return mean + jnp.sqrt(betas[t]) * z, z

    x_T = jax.random.normal(rngs.sample(), shape)
    x0, zs = jax.lax.scan(reverse, x_T, jnp.arange(num_steps)[::-1])
    return zs


def main():
    rngs = nnx.Rngs(params=0, sample=1)
    model = Denoiser(2, rngs=rngs)
    return ddpm_sample(model, rngs, (4, 2))
