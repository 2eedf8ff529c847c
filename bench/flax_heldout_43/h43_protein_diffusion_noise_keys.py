# label: ok
# flax-error: none
# class: 2 closure inside @nn.compact scans over per-step keys split from self.make_rng('diffusion') before the loop
"""DDPM-style reverse sampler for protein C-alpha coordinates; returns the injected noise per step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class BackboneSampler(nn.Module):
    n_res: int = 16
    steps: int = 10

    @nn.compact
    def __call__(self):
        betas = jnp.linspace(1e-4, 0.02, self.steps)
        eps_model = nn.Dense(3, name="eps")

        def reverse_step(x, inp):
            beta, key = inp
            noise = jax.random.normal(key, x.shape)
            eps = eps_model(x)
            x = (x - beta / jnp.sqrt(1.0 - beta) * eps) / jnp.sqrt(1.0 - beta) + jnp.sqrt(beta) * noise
            return x, noise

        x_T = jax.random.normal(self.make_rng("diffusion"), (self.n_res, 3))
        eps_model(x_T)
        keys = jax.random.split(self.make_rng("diffusion"), self.steps)
        _, noises = jax.lax.scan(reverse_step, x_T, (betas[::-1], keys))
        return noises


def main():
    model = BackboneSampler()
    variables = model.init({"params": jax.random.key(0), "diffusion": jax.random.key(1)})
    return model.apply(variables, rngs={"diffusion": jax.random.key(2)})
