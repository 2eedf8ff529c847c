# label: same-values
# flax-error: none
# class: 3 an evaluator stores functools.partial(model.apply, variables, rngs=...) on itself and calls it in a raw lax.scan over MC samples
"""Hospital bed-demand forecaster: the capacity planner wants an uncertainty band, so the
evaluator draws Monte-Carlo dropout samples of tomorrow's admissions."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class AdmissionsNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = False):
        h = nn.gelu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)[..., 0]


@dataclasses.dataclass
class UncertaintyConfig:
    num_samples: int = 8
    seed: int = 3


class MCDropoutEvaluator:
    def __init__(self, model, variables, config: UncertaintyConfig):
        self.config = config
        self.sample_fn = functools.partial(
            model.apply, variables, rngs={'dropout': jax.random.key(config.seed)})

    def samples(self, features):
        def draw(carry, _):
            return carry, self.sample_fn(features)

        _, ys = lax.scan(draw, None, None, length=self.config.num_samples)
        return ys


def main():
    model = AdmissionsNet()
    features = jnp.linspace(-1.0, 1.0, 10)[None, :].repeat(3, axis=0)
    variables = model.init(jax.random.key(0), features, deterministic=True)
    evaluator = MCDropoutEvaluator(model, variables, UncertaintyConfig())
    return evaluator.samples(features)
