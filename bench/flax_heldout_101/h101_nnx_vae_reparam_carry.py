# label: ok
# flax-error: none
# class: 2 the local `state` from nnx.split(vae) travels through the scan carry; the body merges it and returns nnx.state(model)
"""Posterior samples from an NNX VAE: split once, merge inside the scan body."""
import jax
import jax.numpy as jnp
from flax import nnx


class VAE(nnx.Module):
    def __init__(self, din, latent, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(din, 32, rngs=rngs)
        self.mu = nnx.Linear(32, latent, rngs=rngs)
        self.logvar = nnx.Linear(32, latent, rngs=rngs)
        self.dec = nnx.Linear(latent, din, rngs=rngs)
        self.rngs = rngs

    def encode(self, x):
        h = nnx.relu(self.enc(x))
        return self.mu(h), self.logvar(h)

    def reparam(self, mu, logvar):
        eps = jax.random.normal(self.rngs.noise(), mu.shape)
        return mu + jnp.exp(0.5 * logvar) * eps

    def __call__(self, x):
        z = self.reparam(*self.encode(x))
        return self.dec(z)


def main():
    vae = VAE(10, 3, rngs=nnx.Rngs(params=0, noise=1))
    x = jnp.ones((2, 10))
    graphdef, state = nnx.split(vae)

    def draw(state, _):
        model = nnx.merge(graphdef, state)
        z = model.reparam(*model.encode(x))
        return nnx.state(model), z

    state, zs = jax.lax.scan(draw, state, None, length=8)
    nnx.update(vae, state)
    return zs
