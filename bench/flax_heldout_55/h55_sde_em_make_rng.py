# label: same-values
# flax-error: none
# class: 1 make_rng called inside a closure defined in @nn.compact and run by jax.lax.scan (Euler-Maruyama SDE)
"""Latent SDE with an Euler-Maruyama solver inside the module: the Brownian increments are drawn
with make_rng inside the scanned step closure."""
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

        def em_step(z, _):
            dw = jnp.sqrt(self.dt) * jax.random.normal(self.make_rng("diffusion"), z.shape)
            z = z + drift(z) * self.dt + jnp.exp(log_sigma) * dw
            return z, dw

        _, dws = jax.lax.scan(em_step, z0, None, length=self.n_steps)
        return dws


def main():
    sde = LatentSDE()
    z0 = jnp.zeros((3,))
    variables = sde.init({"params": jax.random.key(0), "diffusion": jax.random.key(1)}, z0)
    dws = sde.apply(variables, z0, rngs={"diffusion": jax.random.key(2)})
    return dws
