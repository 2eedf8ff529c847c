# label: ok
# flax-error: none
# class: 5 the monitor splits a key from its nnx.Rngs "sample" stream into one key per sample, passed to the scan as xs
"""Image-quality monitor that samples outputs from a small generator: it draws latent noise,
decodes a batch of samples with scan (one key per sample) and hands them to the quality checks."""
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, latent, pixels, rngs):
        self.l1 = nnx.Linear(latent, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, pixels, rngs=rngs)

    def __call__(self, z):
        return nnx.sigmoid(self.l2(nnx.gelu(self.l1(z))))


class SampleMonitor:
    def __init__(self, decoder, latent=8, seed=0):
        self.decoder = decoder
        self.latent = latent
        self.rngs = nnx.Rngs(sample=seed)

    def _next_key(self):
        return self.rngs.sample()

    def draw(self, n):
        keys = jax.random.split(self._next_key(), n)

        def body(_, key):
            z = jax.random.normal(key, (self.latent,))
            return None, self.decoder(z)

        return jax.lax.scan(body, None, keys)[1]


def main():
    dec = Decoder(8, 64, nnx.Rngs(0))
    monitor = SampleMonitor(dec)
    return monitor.draw(6)
