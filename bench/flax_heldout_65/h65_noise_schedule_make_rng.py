# label: same-values
# flax-error: none
# class: 5 a Linen module's own method runs a raw lax.scan whose body calls self.make_rng('noise')
"""Forward diffusion module: noises a signal over a schedule; returns the per-step noise."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def linear_betas(num_steps, start=1e-4, end=2e-2):
    return jnp.linspace(start, end, num_steps)


class ForwardDiffusion(nn.Module):
    num_steps: int = 6

    def noise_like(self, x):
        return jax.random.normal(self.make_rng("noise"), x.shape)

    @nn.compact
    def __call__(self, x0):
        betas = linear_betas(self.num_steps)

        def step(x, beta):
            eps = self.noise_like(x)
            x = jnp.sqrt(1.0 - beta) * x + jnp.sqrt(beta) * eps
            return x, eps

        _, noise = scan(step, x0, betas)
        return noise


def main():
    module = ForwardDiffusion()
    x0 = jnp.zeros((3, 5))
    return module.apply({}, x0, rngs={"noise": jax.random.key(4)})
