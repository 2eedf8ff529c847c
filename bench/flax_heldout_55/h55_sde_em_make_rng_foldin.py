# label: ok
# flax-error: none
# class: 1 make_rng called once before jax.lax.scan, the @nn.compact closure folds in the step index (Euler-Maruyama SDE)
"""Latent SDE with an Euler-Maruyama solver inside the module: one key is drawn with make_rng
before the loop and each step folds its index into it."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LatentSDE(nn.Module):
    dim: int = 3
    n_steps: int = 6
    dt: float = 0.05

    @nn.compact
    def __call__(self, z0):
        drift = nn.Dense(self.dim, name="drift")
        log_sigma = self.param("log_sigma", nn.initializers.constant(-1.0), (self.dim,))
        drift(z0)
        base_key = self.make_rng("diffusion")

        def em_step(z, i):
            key = jax.random.fold_in(base_key, i)
            dw = jnp.sqrt(self.dt) * jax.random.normal(key, z.shape)
            z = z + drift(z) * self.dt + jnp.exp(log_sigma) * dw
            return z, dw

        _, dws = jax.lax.scan(em_step, z0, jnp.arange(self.n_steps))
        return dws


def main():
    sde = LatentSDE()
    z0 = jnp.zeros((3,))
    variables = sde.init({"params": jax.random.key(0), "diffusion": jax.random.key(1)}, z0)
    dws = sde.apply(variables, z0, rngs={"diffusion": jax.random.key(2)})
    return dws
