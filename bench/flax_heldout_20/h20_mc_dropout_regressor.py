# label: same-values
# flax-error: none
# class: 2 the scan body of predictive_samples() calls the Backbone submodule with train=True, whose Dropout layers draw the dropout rng
"""Monte Carlo dropout for predictive uncertainty on a small regression problem.

The regressor is initialised deterministically; at test time predictive_stats draws
several stochastic forward passes with a raw lax.scan and summarises them.
"""
import dataclasses
from typing import Sequence

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class MCConfig:
    widths: Sequence[int] = (32, 32)
    rate: float = 0.3
    out: int = 1
    n_samples: int = 5


class Backbone(nn.Module):
    cfg: MCConfig

    @nn.compact
    def __call__(self, x, train: bool):
        for w in self.cfg.widths:
            x = nn.gelu(nn.Dense(w)(x))
            x = nn.Dropout(self.cfg.rate)(x, deterministic=not train)
        return nn.Dense(self.cfg.out)(x)


class MCRegressor(nn.Module):
    cfg: MCConfig

    def setup(self):
        self.backbone = Backbone(self.cfg)

    def __call__(self, x, train: bool = False):
        return self.backbone(x, train)

    def predictive_samples(self, x):
        def draw(carry, _):
            return carry, self.backbone(x, train=True)

        _, preds = jax.lax.scan(draw, None, None, length=self.cfg.n_samples)
        return preds

    def predictive_stats(self, x):
        preds = self.predictive_samples(x)
        return preds.mean(axis=0), preds.std(axis=0), preds


def main():
    cfg = MCConfig()
    model = MCRegressor(cfg)
    x = jnp.linspace(-2.0, 2.0, 12).reshape(6, 2)
    variables = model.init(jax.random.key(0), x)
    mean, std, preds = model.apply(
        variables, x, method=MCRegressor.predictive_stats, rngs={"dropout": jax.random.key(3)}
    )
    return preds
