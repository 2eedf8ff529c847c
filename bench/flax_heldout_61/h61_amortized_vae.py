# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a module-level refinement loop receives model.apply and the variables and calls apply in the scan body in train mode without mutable=['batch_stats']
"""Iterative amortized inference (Marino et al. 2018): a refinement network updates the posterior
parameters from the reconstruction error, several times per data point."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class Refiner(nn.Module):
    latent: int = 4
    hidden: int = 16

    @nn.compact
    def __call__(self, lam, x, train: bool = True):
        mu = lam[..., : self.latent]
        recon = nn.Dense(x.shape[-1], name="decoder")(mu)
        err = x - recon
        h = nn.Dense(self.hidden)(jnp.concatenate([lam, err], axis=-1))
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return lam + 0.1 * nn.Dense(2 * self.latent)(nn.relu(h))


def refine_posterior(apply_fn, variables, lam0, x, steps=4):
    def body(lam, _):
        return apply_fn(variables, lam, x), None

    lam, _ = lax.scan(body, lam0, None, length=steps)
    return lam


def main():
    model = Refiner()
    x = jnp.cos(jnp.arange(24.0)).reshape(4, 6)
    lam0 = jnp.zeros((4, 8))
    variables = model.init(jax.random.key(0), lam0, x)
    lam = refine_posterior(model.apply, variables, lam0, x)
    return None
