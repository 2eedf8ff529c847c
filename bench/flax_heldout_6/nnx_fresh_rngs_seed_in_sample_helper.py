# label: same-values
# flax-error: none
# class: 4 a module-level sample helper builds nnx.Rngs(seed) on every call, so each step of the raw scan that calls it draws the same noise
import jax
import jax.numpy as jnp
from flax import nnx


class Decoder(nnx.Module):
    def __init__(self, latent, out, *, rngs):
        self.fc = nnx.Linear(latent, out, rngs=rngs)

    def __call__(self, z):
        return nnx.sigmoid(self.fc(z))


def sample_latent(shape, seed=0):
    rngs = nnx.Rngs(sample=seed)
    return jax.random.normal(rngs.sample(), shape)


def main():
    decoder = Decoder(4, 6, rngs=nnx.Rngs(0))
    graphdef, params = nnx.split(decoder)

    def body(carry, _):
        z = sample_latent((4,))
        x = nnx.merge(graphdef, params)(z)
        return carry, x

    _, samples = jax.lax.scan(body, None, None, length=5)
    return samples
