# label: same-values
# flax-error: none
# class: 3 the while_loop body decodes with self.decoder of a LatentSampler and draws z with its stored self.key
"""Filling a buffer of generated samples from an NNX decoder with lax.while_loop.

Modelled on generation questions where the sampler object stores one PRNG key and the loop
body draws every latent from it.
"""
import jax
import jax.numpy as jnp
from flax import nnx

LATENT, OUT = 4, 6


class Decoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(LATENT, 16, rngs=rngs)
        self.out = nnx.Linear(16, OUT, rngs=rngs)

    def __call__(self, z):
        return nnx.sigmoid(self.out(nnx.relu(self.hidden(z))))


class LatentSampler:
    def __init__(self, decoder, key):
        self.decoder = decoder
        self.key = key

    def generate(self, n):
        def cond(state):
            i, _ = state
            return i < n

        def body(state):
            i, buffer = state
            z = jax.random.normal(self.key, (LATENT,))
            return i + 1, buffer.at[i].set(self.decoder(z))

        _, samples = jax.lax.while_loop(cond, body, (0, jnp.zeros((n, OUT))))
        return samples


def main():
    decoder = Decoder(nnx.Rngs(0))
    sampler = LatentSampler(decoder, jax.random.key(3))
    return sampler.generate(5)
