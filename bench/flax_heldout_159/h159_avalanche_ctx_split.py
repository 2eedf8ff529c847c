# label: ok
# flax-error: none
# class: 4 a frozen ForecastContext is passed from the forecaster through the member runner into model.apply; the scan gives each member a context with its own split key
"""Avalanche danger forecasting: Monte-Carlo dropout ensemble over snowpack features."""
import dataclasses
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class ForecastContext:
    region: str
    dropout_key: jax.Array
    deterministic: bool = False


class SnowpackNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, features, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(features))
        h = nn.Dropout(self.rate)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(1)(h))


class MemberRunner:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def sample(self, ctx, features):
        return self.model.apply(
            {"params": self.params}, features,
            deterministic=ctx.deterministic, rngs={"dropout": ctx.dropout_key})


class EnsembleForecaster:
    def __init__(self, runner, n_members):
        self.runner = runner
        self.n_members = n_members

    def forecast(self, ctx, features):
        def member(carry, key):
            member_ctx = dataclasses.replace(ctx, dropout_key=key)
            danger = self.runner.sample(member_ctx, features)
            return carry, danger

        keys = jax.random.split(ctx.dropout_key, self.n_members)
        _, dangers = jax.lax.scan(member, None, keys)
        return dangers


def main():
    model = SnowpackNet()
    features = jax.random.normal(jax.random.key(3), (4, 6))
    params = model.init(jax.random.key(0), features)["params"]
    forecaster = EnsembleForecaster(MemberRunner(model, params), n_members=5)
    ctx = ForecastContext(region="tyrol", dropout_key=jax.random.key(42))
    return forecaster.forecast(ctx, features)
