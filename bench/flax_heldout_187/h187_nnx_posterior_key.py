# label: same-values
# flax-error: none
# class: 3 the while_loop body reads the PRNG key stored as sampler.key and uses it for every reparameterised draw
"""Posterior samples z ~ q(z|x) of a VAE, drawn one at a time with the
reparameterisation trick in a lax.while_loop (the number of samples is a runtime
value in the real code)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Encoder(nnx.Module):
    def __init__(self, din, latent, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(din, 32, rngs=rngs)
        self.mu = nnx.Linear(32, latent, rngs=rngs)
        self.logvar = nnx.Linear(32, latent, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.hidden(x))
        return self.mu(h), self.logvar(h)


class PosteriorSampler:
    def __init__(self, encoder, seed):
        self.encoder = encoder
        self.key = jax.random.key(seed)

    def sample(self, x, n):
        mu, logvar = self.encoder(x)

        def cond(carry):
            i, _ = carry
            return i < n

        def body(carry):
            i, zs = carry
            eps = jax.random.normal(self.key, mu.shape)
            z = mu + jnp.exp(0.5 * logvar) * eps
            return i + 1, zs.at[i].set(z)

        _, zs = lax.while_loop(cond, body, (0, jnp.zeros((n,) + mu.shape)))
        return zs


def main():
    sampler = PosteriorSampler(Encoder(6, 2, nnx.Rngs(0)), seed=5)
    x = jnp.ones((3, 6))
    zs = sampler.sample(x, 8)
    return zs
