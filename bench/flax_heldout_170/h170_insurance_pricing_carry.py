# label: ok
# flax-error: none
# class: 4 PricingEngine.quote_book -> self.rater (RatingService) -> rater.score runs model.apply; batch statistics threaded through the scan carry
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
    """Holds a trained rating network; the batch statistics travel with the caller."""

    def __init__(self, model: RatingNetwork, variables):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def score(self, batch_stats, factors):
        premiums, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, factors, mutable=["batch_stats"]
        )
        return premiums, updates["batch_stats"]


class PricingEngine:
    def __init__(self, rater: RatingService, expense_ratio: float = 0.18):
        self.rater = rater
        self.expense_ratio = expense_ratio

    def quote_book(self, monthly_factors):
        def month(carry, factors):
            written, stats = carry
            premiums, stats = self.rater.score(stats, factors)
            premiums = premiums * (1.0 + self.expense_ratio)
            return (written + premiums.sum(), stats), premiums

        (written, stats), premiums = lax.scan(month, (jnp.zeros(()), self.rater.batch_stats), monthly_factors)
        self.rater.batch_stats = stats
        return written, premiums


def main():
    config = RatingConfig()
    model = RatingNetwork(config)
    book = jax.random.normal(jax.random.key(0), (6, 32, 9))  # months, policies, rating factors
    variables = model.init(jax.random.key(1), book[0])
    engine = PricingEngine(RatingService(model, variables))
    written, premiums = engine.quote_book(book)
    assert premiums.shape == (6, 32)
    return None
