# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.Rngs object closed over by the scan body; rngs.noise() advances its RngCount inside the loop
"""DDPM sampling with an NNX score network; the reverse process was a Python
loop calling rngs.noise() and is now jax.lax.scan."""
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

    def reverse_step(x, t):
        eps = model(x, t)
        mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(rngs.noise(), x.shape)
        return mean + jnp.sqrt(betas[t]) * z, z

    x, zs = jax.lax.scan(reverse_step, x, jnp.arange(T - 1, -1, -1))
    zs.block_until_ready()
    return None
