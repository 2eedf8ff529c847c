# label: same-values
# flax-error: none
# class: 4 an MCDropoutSampler built from a SamplerConfig passes config-held dropout key to apply_fn in every scan step
"""Monte-Carlo dropout sampler for uncertainty estimates; returns the per-sample dropout masks."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class MaskedHead(nn.Module):
    rate: float = 0.5

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        return nn.Dropout(self.rate, deterministic=deterministic)(x)


@dataclasses.dataclass
class SamplerConfig:
    num_samples: int = 8
    seed: int = 17

    @property
    def dropout_key(self):
        return jax.random.key(self.seed)


class MCDropoutSampler:
    def __init__(self, model, variables, config: SamplerConfig):
        self.apply_fn = model.apply
        self.variables = variables
        self.config = config

    def sample_masks(self, features):
        def one_sample(_, __):
            out = self.apply_fn(
                self.variables, features, deterministic=False, rngs={"dropout": self.config.dropout_key}
            )
            return None, out != 0

        _, masks = lax.scan(one_sample, None, None, length=self.config.num_samples)
        return masks


def main():
    model = MaskedHead()
    features = jnp.ones((4, 16))
    variables = model.init(jax.random.key(0), features)
    sampler = MCDropoutSampler(model, variables, SamplerConfig())
    return sampler.sample_masks(features)
