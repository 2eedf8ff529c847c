# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.Rngs stream created outside is closed over and called (rngs.noise()) in the scan body
"""Stochastic DDIM sampler (eta > 0) for an NNX denoiser, the reverse loop written with jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

T = 6


class Denoiser(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.out = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, t):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t / T)], -1)
        return self.out(nnx.silu(self.inp(h)))


def main():
    model = Denoiser(4, nnx.Rngs(params=0))
    rngs = nnx.Rngs(noise=1)
    alpha_bar = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.05, T))
    eta = 0.5
    x_T = jax.random.normal(jax.random.key(2), (3, 4))

    def ddim_step(x, t):
        a_t = alpha_bar[t]
        a_prev = jnp.where(t > 0, alpha_bar[t - 1], 1.0)
        eps = model(x, t)
        x0 = (x - jnp.sqrt(1 - a_t) * eps) / jnp.sqrt(a_t)
        sigma = eta * jnp.sqrt((1 - a_prev) / (1 - a_t) * (1 - a_t / a_prev))
        z = jax.random.normal(rngs.noise(), x.shape)
        x = jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev - sigma**2) * eps + sigma * z
        return x, z

    _, noises = scan(ddim_step, x_T, jnp.arange(T - 1, -1, -1))
    return noises
