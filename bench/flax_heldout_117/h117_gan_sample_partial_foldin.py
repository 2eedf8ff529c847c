# label: ok
# flax-error: none
# class: 5 functools.partial binds the generator and its params into sample_fn; the scan body passes fold_in(key, step) as the key
"""Drawing several batches of samples from a trained Linen GAN generator with a raw scan.

Twin of h117_gan_sample_partial: the key is not frozen into the partial; each step folds the
step index into a base key.
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
    sample_fn = partial(generate, gen, params, batch_size=16, latent_dim=8)
    base = jax.random.key(42)

    def body(carry, i):
        batch = sample_fn(jax.random.fold_in(base, i))
        return carry, batch

    _, batches = lax.scan(body, None, jnp.arange(5))
    print("per-batch mean", batches.mean(axis=(1, 2)))
    return batches
