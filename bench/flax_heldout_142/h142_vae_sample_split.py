# label: ok
# flax-error: none
# class: 1 VAE.sample_chain takes one key from self.make_rng('latent') before the scan and splits it in the carry
"""Draw decoder samples from the prior of a small VAE with a scan inside a module method."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class VAE(nn.Module):
    latent: int = 4
    out: int = 8

    def setup(self):
        self.enc = nn.Dense(2 * self.latent)
        self.dec = nn.Sequential([nn.Dense(16), nn.relu, nn.Dense(self.out)])

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        eps = jax.random.normal(self.make_rng("latent"), mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        return self.dec(z), mu, logvar

    def sample_chain(self, n_steps):
        def step(key, _):
            key, sub = jax.random.split(key)
            z = jax.random.normal(sub, (self.latent,))
            return key, nn.sigmoid(self.dec(z))

        _, samples = lax.scan(step, self.make_rng("latent"), None, length=n_steps)
        return samples


def main():
    x = jnp.ones((2, 8))
    model = VAE()
    variables = model.init({"params": jax.random.key(0), "latent": jax.random.key(1)}, x)
    samples = model.apply(
        variables, 6, method=VAE.sample_chain, rngs={"latent": jax.random.key(2)}
    )
    return samples  # (6, 8): one sample per step
