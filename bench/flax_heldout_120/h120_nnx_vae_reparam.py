# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 VAE.posterior_samples runs the scan itself and draws from its own self.rngs stream in the body
"""Drawing several reparameterised posterior samples from an NNX VAE with lax.scan.

Shape of NNX questions where the VAE keeps its `nnx.Rngs` as an attribute and the sampling
method calls `self.rngs.noise()` inside a raw scan body.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

LATENT = 3


class VAE(nnx.Module):
    def __init__(self, din, rngs: nnx.Rngs):
        self.enc = nnx.Linear(din, 2 * LATENT, rngs=rngs)
        self.dec = nnx.Linear(LATENT, din, rngs=rngs)
        self.rngs = rngs

    def encode(self, x):
        stats = self.enc(x)
        return stats[..., :LATENT], stats[..., LATENT:]

    def __call__(self, x):
        mean, logvar = self.encode(x)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.rngs.noise(), mean.shape)
        return self.dec(z), mean, logvar

    def posterior_samples(self, x, n):
        mean, logvar = self.encode(x)

        def draw(carry, _):
            eps = jax.random.normal(self.rngs.noise(), mean.shape)
            return carry, mean + jnp.exp(0.5 * logvar) * eps

        _, zs = lax.scan(draw, None, None, length=n)
        return zs


def main():
    model = VAE(5, rngs=nnx.Rngs(params=0, noise=1))
    x = jnp.linspace(-1.0, 1.0, 10).reshape(2, 5)
    recon, _, _ = model(x)
    return model.posterior_samples(x, 4)
