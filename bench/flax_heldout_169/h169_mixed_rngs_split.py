# label: ok
# flax-error: none
# class: 3 one key is drawn from cfg.rngs (an nnx.Rngs on the config) before the scan and split into per-step keys scanned as xs
"""Half-migrated code: a Linen decoder sampled with a raw lax.scan, with the randomness
taken from an `nnx.Rngs` stored on the experiment config.

The working twin: the `nnx.Rngs` stream is called once, outside the loop, and the key is
split into one key per sample for the scan.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from flax import nnx


class Decoder(nn.Module):
    features: int = 6

    @nn.compact
    def __call__(self, z):
        return nn.sigmoid(nn.Dense(self.features)(nn.relu(nn.Dense(16)(z))))


@dataclasses.dataclass
class Config:
    latent: int = 3
    num_samples: int = 5
    rngs: nnx.Rngs = dataclasses.field(default_factory=lambda: nnx.Rngs(0, latent=1))


def sample_images(decoder, params, cfg):
    keys = jax.random.split(cfg.rngs.latent(), cfg.num_samples)

    def body(carry, key):
        z = jax.random.normal(key, (cfg.latent,))
        return carry, decoder.apply(params, z)

    _, images = jax.lax.scan(body, None, keys)
    return images


def main():
    cfg = Config()
    decoder = Decoder()
    params = decoder.init(cfg.rngs.params(), jnp.zeros((cfg.latent,)))
    return sample_images(decoder, params, cfg)
