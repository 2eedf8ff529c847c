# label: same-values
# flax-error: none
# class: 5 one key drawn from an nnx.Rngs stream before the raw jax.lax.scan and reused by jax.random.normal every step
"""DDPM ancestral sampler for an NNX noise-prediction net, the reverse process written with lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx

T = 6


class EpsNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x, t):
        return self.l2(nnx.silu(self.l1(jnp.concatenate([x, t[None] / T]))))


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = EpsNet(rngs)
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    abar = jnp.cumprod(alphas)
    x_T = jax.random.normal(rngs.noise(), (2,))
    key = rngs.noise()

    def reverse_step(x, t):
        eps = model(x, t.astype(jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        return mean + jnp.sqrt(betas[t]) * z, z

    x0, zs = jax.lax.scan(reverse_step, x_T, jnp.arange(T - 1, -1, -1))
    return zs
