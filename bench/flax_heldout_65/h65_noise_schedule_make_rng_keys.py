# label: ok
# flax-error: none
# class: 5 a Linen module's own method splits one self.make_rng('noise') key into per-step keys fed to the raw lax.scan as xs
"""Forward diffusion module: noises a signal over a schedule; returns the per-step noise."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


def linear_betas(num_steps, start=1e-4, end=2e-2):
    return jnp.linspace(start, end, num_steps)


class ForwardDiffusion(nn.Module):
    num_steps: int = 6

    @nn.compact
    def __call__(self, x0):
        betas = linear_betas(self.num_steps)
        keys = jax.random.split(self.make_rng("noise"), self.num_steps)

        def step(x, inputs):
            beta, key = inputs
            eps = jax.random.normal(key, x.shape)
            x = jnp.sqrt(1.0 - beta) * x + jnp.sqrt(beta) * eps
            return x, eps

        _, noise = scan(step, x0, (betas, keys))
        return noise


def main():
    module = ForwardDiffusion()
    x0 = jnp.zeros((3, 5))
    return module.apply({}, x0, rngs={"noise": jax.random.key(4)})
