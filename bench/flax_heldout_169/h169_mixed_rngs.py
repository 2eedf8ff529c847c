# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body draws latent noise from cfg.rngs, an nnx.Rngs kept on a config object next to a Linen decoder
"""Half-migrated code: a Linen decoder sampled with a raw lax.scan, with the randomness
taken from an `nnx.Rngs` stored on the experiment config.

Shape of the reports: users moving from Linen to NNX keep their Linen models but switch
to `nnx.Rngs` for "stateful" keys, and call the stream inside a jax.lax.scan body.
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
    def body(carry, _):
        z = jax.random.normal(cfg.rngs.latent(), (cfg.latent,))
        return carry, decoder.apply(params, z)

    _, images = jax.lax.scan(body, None, None, length=cfg.num_samples)
    return images


def main():
    cfg = Config()
    decoder = Decoder()
    params = decoder.init(cfg.rngs.params(), jnp.zeros((cfg.latent,)))
    return sample_images(decoder, params, cfg)
