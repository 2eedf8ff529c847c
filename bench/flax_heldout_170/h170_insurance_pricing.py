# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(factors)/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 PricingEngine.quote_book -> self.rater (RatingService) -> rater.score runs model.apply with the variables held on the rater; BatchNorm inside an nn.remat block is calibrating
"""Premium pricing engine: a rating network prices the policy book month by month."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ProductConfig:
    line_of_business: str = "motor"
    base_rate: float = 120.0


@dataclasses.dataclass(frozen=True)
class RatingConfig(ProductConfig):
    hidden: int = 16
    calibrating: bool = True  # normalise with the statistics of the current book


class FactorBlock(nn.Module):
    config: RatingConfig

    @nn.compact
    def __call__(self, factors):
        h = nn.Dense(self.config.hidden, name="embed")(factors)
        h = nn.BatchNorm(use_running_average=not self.config.calibrating, momentum=0.9, name="norm")(h)
        return nn.gelu(h)


class RatingNetwork(nn.Module):
    config: RatingConfig

    @nn.compact
    def __call__(self, factors):
        h = nn.remat(FactorBlock)(self.config, name="factors")(factors)  # recomputed in the backward pass
        loading = nn.Dense(1, name="loading")(h)[..., 0]
        return self.config.base_rate * jnp.exp(0.1 * loading)


class RatingService:
    """Holds a trained rating network and its variables."""

    def __init__(self, model: RatingNetwork, variables):
        self.model = model
        self.variables = variables

    def score(self, factors):
        return self.model.apply(self.variables, factors)


class PricingEngine:
    def __init__(self, rater: RatingService, expense_ratio: float = 0.18):
        self.rater = rater
        self.expense_ratio = expense_ratio

    def quote_book(self, monthly_factors):
        def month(written, factors):
            premiums = self.rater.score(factors) * (1.0 + self.expense_ratio)
            return written + premiums.sum(), premiums

        return lax.scan(month, jnp.zeros(()), monthly_factors)


def main():
    config = RatingConfig()
    model = RatingNetwork(config)
    book = jax.random.normal(jax.random.key(0), (6, 32, 9))  # months, policies, rating factors
    variables = model.init(jax.random.key(1), book[0])
    engine = PricingEngine(RatingService(model, variables))
    written, premiums = engine.quote_book(book)
    assert premiums.shape == (6, 32)
    return None
