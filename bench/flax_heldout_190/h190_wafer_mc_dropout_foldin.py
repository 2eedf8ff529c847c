# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables) kept on UncertaintyEstimator is called in the lax.scan body with a dropout key folded with the pass index
"""Monte Carlo dropout uncertainty for a plasma etch-rate regressor.

A fab's recipe-qualification service predicts etch rate for a candidate recipe and reports
the spread of several stochastic forward passes; a wide spread sends the recipe to a test
wafer instead of straight to production.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class EtchRateNet(nn.Module):
    hidden: int = 32
    rate: float = 0.3

    @nn.compact
    def __call__(self, recipe, deterministic: bool):
        h = nn.gelu(nn.Dense(self.hidden, name="recipe_proj")(recipe))
        h = nn.Dropout(self.rate, name="mc_dropout")(h, deterministic=deterministic)
        return nn.Dense(1, name="rate_head")(h)[..., 0]


@dataclasses.dataclass(frozen=True)
class EstimatorConfig:
    samples: int = 8
    seed: int = 17


class UncertaintyEstimator:
    """Holds a ready-to-call stochastic predictor so request handlers stay short."""

    def __init__(self, model: nn.Module, variables, config: EstimatorConfig):
        self.config = config
        self._dropout_key = jax.random.key(config.seed)
        self._stochastic_predict = functools.partial(model.apply, variables, deterministic=False)

    def draw_samples(self, recipe):
        def one_pass(carry, index):
            pass_key = jax.random.fold_in(self._dropout_key, index)
            return carry, self._stochastic_predict(recipe, rngs={"dropout": pass_key})

        _, draws = lax.scan(one_pass, None, jnp.arange(self.config.samples))
        return draws

    def summarize(self, recipe):
        draws = self.draw_samples(recipe)
        return draws, draws.mean(axis=0), draws.std(axis=0)


def main():
    model = EtchRateNet()
    recipes = jnp.array([[0.4, 1.2, 0.7, 0.1], [0.9, 0.3, 0.2, 0.6]])
    variables = model.init(jax.random.key(0), recipes, deterministic=True)
    estimator = UncertaintyEstimator(model, variables, EstimatorConfig())
    draws, _, _ = estimator.summarize(recipes)
    return draws
