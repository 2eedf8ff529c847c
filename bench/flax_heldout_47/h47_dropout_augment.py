# label: same-values
# flax-error: none
# class: 3 the augmentation stage passes rngs={"dropout": config.seed_key} from a config dataclass to model.apply at every scan step
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

    def _view(self, batch):
        out = self.model.apply(self.variables, batch, rngs={"dropout": self.config.seed_key})
        return out != 0

    def views(self, batch):
        def body(carry, _):
            return carry, self._view(batch)

        _, masks = scan(body, None, None, length=self.config.num_views)
        return masks


def main():
    model = FeatureDropout()
    batch = jnp.ones((2, 6))
    variables = model.init(jax.random.key(0), batch, deterministic=True)
    stage = AugmentStage(model, variables, AugmentConfig(seed_key=jax.random.key(7)))
    return stage.views(batch)
