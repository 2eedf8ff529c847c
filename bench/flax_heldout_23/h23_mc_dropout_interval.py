# label: ok
# flax-error: none
# class: 4 per-sample keys given as scan xs and passed predictor -> backbone -> block -> nn.Dropout(rng=...)
"""Monte-Carlo dropout predictive distribution for a regression MLP.

The predictive mean and spread are estimated from repeated stochastic
forward passes of the same input.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class BNNConfig:
    widths: tuple = (32, 32)
    rate: float = 0.3
    n_samples: int = 6


class DropoutBlock(nn.Module):
    width: int
    rate: float

    @nn.compact
    def __call__(self, x, deterministic: bool, rng=None):
        x = nn.relu(nn.Dense(self.width)(x))
        return nn.Dropout(self.rate)(x, deterministic=deterministic, rng=rng)


class Backbone(nn.Module):
    cfg: BNNConfig

    def setup(self):
        self.blocks = [DropoutBlock(w, self.cfg.rate) for w in self.cfg.widths]
        self.head = nn.Dense(1)

    def __call__(self, x, deterministic: bool = True, rng=None):
        for i, block in enumerate(self.blocks):
            sub = None if rng is None else jax.random.fold_in(rng, i)
            x = block(x, deterministic=deterministic, rng=sub)
        return self.head(x)


class MCPredictor(nn.Module):
    cfg: BNNConfig

    def setup(self):
        self.backbone = Backbone(self.cfg)

    def __call__(self, x, deterministic: bool = True):
        return self.backbone(x, deterministic=deterministic)

    def predictive(self, x):
        def draw(carry, key):
            return carry, self.backbone(x, deterministic=False, rng=key)
        keys = jax.random.split(self.make_rng("dropout"), self.cfg.n_samples)
        _, preds = scan(draw, None, keys)
        return preds


class UncertaintyEvaluator:
    def __init__(self, model, variables):
        self.model, self.variables = model, variables

    def samples(self, x, key):
        return self.model.apply(self.variables, x, method=MCPredictor.predictive, rngs={"dropout": key})


def main():
    cfg = BNNConfig()
    model = MCPredictor(cfg)
    x = jnp.linspace(-2, 2, 10)[:, None]
    variables = model.init(jax.random.key(0), x)
    point = model.apply(variables, x)
    preds = UncertaintyEvaluator(model, variables).samples(x, jax.random.key(1))
    float(point.mean() + preds.std(0).mean())
    return preds
