# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 Sampler.run scans and the body calls self.vae.sample_prior(), which draws from the VAE's stored self.rngs stream
"""An NNX VAE that keeps its own Rngs for the reparameterisation; prior samples from a scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

LAT, OUT = 3, 6


class VAE(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(OUT, 2 * LAT, rngs=rngs)
        self.dec = nnx.Linear(LAT, OUT, rngs=rngs)
        self.rngs = rngs

    def __call__(self, x):
        mu, logvar = jnp.split(self.enc(x), 2, axis=-1)
        z = mu + jnp.exp(0.5 * logvar) * jax.random.normal(self.rngs.latent(), mu.shape)
        return self.dec(z), mu, logvar

    def sample_prior(self, key=None):
        key = self.rngs.latent() if key is None else key
        return nnx.sigmoid(self.dec(jax.random.normal(key, (LAT,))))


class Sampler:
    def __init__(self, vae):
        self.vae = vae

    def run(self, n):
        def body(carry, _):
            return carry, self.vae.sample_prior()

        _, xs = lax.scan(body, None, None, length=n)
        return xs


def main():
    vae = VAE(nnx.Rngs(params=0, latent=1))
    vae(jnp.ones((2, OUT)))
    return Sampler(vae).run(5)
