# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/head/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the forecaster's own __call__ runs lax.scan over delivery hours and calls its BatchNorm head through self.hour_step in the body
"""Day-ahead power price forecaster behind the trading desk's bidding service."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class MarketConfig:
    zones: int = 3
    features: int = 6
    hours: int = 24
    hidden: int = 16
    portfolio: int = 4


class PriceHead(nn.Module):
    hidden: int
    zones: int

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.hidden, name="proj")(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95, name="norm")(h)
        return nn.Dense(self.zones, name="out")(nn.gelu(h))


class DayAheadForecaster(nn.Module):
    cfg: MarketConfig

    def setup(self):
        self.head = PriceHead(self.cfg.hidden, self.cfg.zones)
        self.level = self.param("level", nn.initializers.zeros, (self.cfg.zones,))

    def hour_step(self, prev, x, train: bool = False):
        return self.head(x, train) + 0.5 * prev + self.level

    def __call__(self, feats, train: bool = False):
        def hour(prev, x):
            price = self.hour_step(prev, x, train)
            return price, price

        start = jnp.zeros((feats.shape[1], self.cfg.zones))
        _, curve = lax.scan(hour, start, feats)
        return curve


class BiddingDesk:
    """Holds the desk's forecaster and its variables; quotes and recalibrates."""

    def __init__(self, cfg: MarketConfig, seed: int = 0):
        self.cfg = cfg
        self.model = DayAheadForecaster(cfg)
        # init on a single hour step so nothing is created inside the hourly scan
        prev = jnp.zeros((cfg.portfolio, cfg.zones))
        sample = jnp.zeros((cfg.portfolio, cfg.features))
        self.variables = self.model.init(
            jax.random.key(seed), prev, sample, train=False, method="hour_step"
        )

    def recalibrate(self, feats):
        # intraday recalibration pass: normalisation statistics follow the live market
        return self.model.apply(self.variables, feats, train=True)


def main():
    cfg = MarketConfig()
    desk = BiddingDesk(cfg)
    feats = jax.random.normal(jax.random.key(1), (cfg.hours, cfg.portfolio, cfg.features))
    prices = desk.recalibrate(feats)
    print("recalibrated curve", prices.shape)
