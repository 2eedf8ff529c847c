# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the bound method self.refine_step is the jax.lax.scan body and draws reparameterisation noise from self.rngs on every refinement step
"""VAE with iterative refinement of the posterior (semi-amortized VI, Kim et al. 2018): a few
gradient steps on the ELBO starting from the encoder's guess, each with a fresh reparameterised sample."""
import jax
import jax.numpy as jnp
from flax import nnx


class RefinedVAE(nnx.Module):
    def __init__(self, dx, dz, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(dx, 2 * dz, rngs=rngs)
        self.dec = nnx.Linear(dz, dx, rngs=rngs)
        self.dz = dz
        self.rngs = rngs
        self.lr = 0.1

    def elbo(self, lam, x, eps):
        mu, logvar = jnp.split(lam, 2, axis=-1)
        z = mu + jnp.exp(0.5 * logvar) * eps
        recon = -jnp.sum((x - self.dec(z)) ** 2, axis=-1)
        kl = 0.5 * jnp.sum(jnp.exp(logvar) + mu ** 2 - 1.0 - logvar, axis=-1)
        return jnp.mean(recon - kl)

    def refine_step(self, carry, _):
        lam, x = carry
        eps = jax.random.normal(self.rngs.sample(), (x.shape[0], self.dz))
        g = jax.grad(self.elbo)(lam, x, eps)
        return (lam + self.lr * g, x), None

    def __call__(self, x, steps=4):
        lam0 = self.enc(x)
        (lam, _), _ = jax.lax.scan(self.refine_step, (lam0, x), None, length=steps)
        return lam


def main():
    model = RefinedVAE(6, 3, rngs=nnx.Rngs(params=0, sample=1))
    model(jnp.ones((4, 6)))
    return None
