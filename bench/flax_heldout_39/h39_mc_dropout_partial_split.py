# label: ok
# flax-error: none
# class: 5 MCDropoutPredictor stores functools.partial(model.apply) without rngs; the raw scan gets one split dropout key per sample as xs
"""Monte-Carlo dropout uncertainty: draw several stochastic forward passes of a regressor."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Block(nn.Module):
    width: int
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.relu(nn.Dense(self.width)(x))
        return nn.Dropout(self.rate)(h, deterministic=deterministic)


class Regressor(nn.Module):
    width: int = 16
    depth: int = 2
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        RematBlock = nn.remat(Block, static_argnums=(2,))
        for i in range(self.depth):
            x = RematBlock(self.width, self.rate, name=f"block_{i}")(x, deterministic)
        return nn.Dense(1, name="head")(x)[..., 0]


@dataclasses.dataclass(frozen=True)
class UncertaintyConfig:
    num_samples: int = 5
    seed: int = 0


class MCDropoutPredictor:
    def __init__(self, model: nn.Module, variables, cfg: UncertaintyConfig):
        self.cfg = cfg
        self._stochastic_apply = functools.partial(model.apply, variables, deterministic=False)

    def sample(self, x):
        def draw(_, key):
            return None, self._stochastic_apply(x, rngs={"dropout": key})

        keys = jax.random.split(jax.random.key(self.cfg.seed), self.cfg.num_samples)
        _, samples = lax.scan(draw, None, keys)
        return samples  # [num_samples, batch]


def main():
    model = Regressor()
    x = jax.random.normal(jax.random.key(1), (3, 4))
    variables = model.init(jax.random.key(0), x)
    predictor = MCDropoutPredictor(model, variables, UncertaintyConfig())
    return predictor.sample(x)
