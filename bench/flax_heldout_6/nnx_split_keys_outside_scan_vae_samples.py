# label: ok
# flax-error: none
# class: 2 keys drawn once from an nnx.Rngs stream and split outside the raw scan, the scan iterates over the keys and calls the decoder
import jax
import jax.numpy as jnp
from flax import nnx


class VAEDecoder(nnx.Module):
    def __init__(self, latent, out, rngs):
        self.fc1 = nnx.Linear(latent, 16, rngs=rngs)
        self.fc2 = nnx.Linear(16, out, rngs=rngs)

    def __call__(self, z):
        return nnx.sigmoid(self.fc2(nnx.relu(self.fc1(z))))


def main():
    rngs = nnx.Rngs(params=0, sample=7)
    decoder = VAEDecoder(3, 5, rngs)
    keys = jax.random.split(rngs.sample(), 6)

    def body(carry, key):
        z = jax.random.normal(key, (3,))
        return carry, decoder(z)

    _, samples = jax.lax.scan(body, None, keys)
    return samples
