# label: same-values
# flax-error: none
# class: 2 the local `seed` of sample_prior() builds a fresh nnx.Rngs(latent=seed) inside the scan body every step
"""Sampling from the prior of an NNX VAE with a raw jax.lax.scan.

Calling model.rngs inside the body is rejected by NNX, so each step builds its own nnx.Rngs."""
import jax
import jax.numpy as jnp
from flax import nnx

LATENT, PIXELS = 4, 16


class VAE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(PIXELS, 32, rngs=rngs)
        self.mean = nnx.Linear(32, LATENT, rngs=rngs)
        self.logvar = nnx.Linear(32, LATENT, rngs=rngs)
        self.dec1 = nnx.Linear(LATENT, 32, rngs=rngs)
        self.dec2 = nnx.Linear(32, PIXELS, rngs=rngs)
        self.rngs = rngs

    def decode(self, z):
        return nnx.sigmoid(self.dec2(nnx.relu(self.dec1(z))))

    def __call__(self, x):
        h = nnx.relu(self.enc(x))
        mean, logvar = self.mean(h), self.logvar(h)
        z = mean + jnp.exp(0.5 * logvar) * jax.random.normal(self.rngs.latent(), mean.shape)
        return self.decode(z), mean, logvar


def sample_prior(model, seed, num_samples):
    def body(carry, _):
        rngs = nnx.Rngs(latent=seed)
        z = jax.random.normal(rngs.latent(), (LATENT,))
        return carry, model.decode(z)

    _, images = jax.lax.scan(body, None, None, length=num_samples)
    return images


def main():
    model = VAE(nnx.Rngs(0, latent=1))
    model(jnp.ones((2, PIXELS)))
    return sample_prior(model, 3, 6)


if __name__ == "__main__":
    print(main())
