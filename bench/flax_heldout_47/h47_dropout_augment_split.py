# label: ok
# flax-error: none
# class: 3 the augmentation stage splits config.seed_key into one key per view and scans over the keys, passing each as rngs={"dropout": key}
"""Data pipeline with a learned noise layer used as augmentation before caching features."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class FeatureDropout(nn.Module):
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        x = nn.Dense(x.shape[-1], kernel_init=nn.initializers.ones)(x)
        return nn.Dropout(self.rate)(x, deterministic=deterministic)


@dataclasses.dataclass(frozen=True)
class AugmentConfig:
    seed_key: jax.Array
    num_views: int = 4


class AugmentStage:
    def __init__(self, model, variables, config):
        self.model, self.variables, self.config = model, variables, config

    def _view(self, batch, key):
        out = self.model.apply(self.variables, batch, rngs={"dropout": key})
        return out != 0

    def views(self, batch):
        keys = jax.random.split(self.config.seed_key, self.config.num_views)

        def body(carry, key):
            return carry, self._view(batch, key)

        _, masks = scan(body, None, keys)
        return masks


def main():
    model = FeatureDropout()
    batch = jnp.ones((2, 6))
    variables = model.init(jax.random.key(0), batch, deterministic=True)
    stage = AugmentStage(model, variables, AugmentConfig(seed_key=jax.random.key(7)))
    return stage.views(batch)
