# label: ok
# flax-error: none
# class: 3 the while_loop body decodes with self.decoder of a LatentSampler; its stored self.key enters the loop state and is split each step
"""Filling a buffer of generated samples from an NNX decoder with lax.while_loop.

The sampler's key is part of the while_loop state and is split on every iteration, so each
buffer row decodes a fresh latent.
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
            i, _, _ = state
            return i < n

        def body(state):
            i, key, buffer = state
            key, sub = jax.random.split(key)
            z = jax.random.normal(sub, (LATENT,))
            return i + 1, key, buffer.at[i].set(self.decoder(z))

        _, _, samples = jax.lax.while_loop(cond, body, (0, self.key, jnp.zeros((n, OUT))))
        return samples


def main():
    decoder = Decoder(nnx.Rngs(0))
    sampler = LatentSampler(decoder, jax.random.key(3))
    return sampler.generate(5)
