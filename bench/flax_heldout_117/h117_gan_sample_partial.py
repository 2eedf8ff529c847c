# label: same-values
# flax-error: none
# class: 5 functools.partial binds the generator, its params and one PRNG key into sample_fn, which the scan body calls at every step
"""Drawing several batches of samples from a trained Linen GAN generator with a raw scan.

Shape of the reports: "every batch my GAN generates is the same" -- the latent key was frozen
into a partial and the sampling loop reuses it.
"""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Generator(nn.Module):
    latent_dim: int = 8

    @nn.compact
    def __call__(self, z):
        h = nn.relu(nn.Dense(64)(z))
        h = nn.relu(nn.Dense(64)(h))
        return nn.tanh(nn.Dense(4)(h))


def generate(model, params, key, batch_size, latent_dim):
    z = jax.random.normal(key, (batch_size, latent_dim))
    return model.apply(params, z)


def main():
    gen = Generator()
    params = gen.init(jax.random.key(0), jnp.zeros((1, 8)))
    sample_fn = partial(generate, gen, params, jax.random.key(42), 16, 8)

    def body(carry, _):
        batch = sample_fn()
        return carry, batch

    _, batches = lax.scan(body, None, None, length=5)
    print("per-batch mean", batches.mean(axis=(1, 2)))
    return batches
