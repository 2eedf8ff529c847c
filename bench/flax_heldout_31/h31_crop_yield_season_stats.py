# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 train flag passed from a jitted factory closure down to BatchNorm inside a scan over weeks
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CropConfig:
    n_features: int = 6
    hidden: int = 12
    n_weeks: int = 4
    n_fields: int = 5


class WeatherEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class SeasonBlock(nn.Module):
    cfg: CropConfig

    def setup(self):
        self.encoder = WeatherEncoder(self.cfg.hidden)
        self.mix = nn.Dense(self.cfg.hidden)

    def __call__(self, state, weekly, train):
        return jnp.tanh(self.mix(state) + self.encoder(weekly, train))


class YieldForecaster(nn.Module):
    cfg: CropConfig

    def setup(self):
        self.season = SeasonBlock(self.cfg)
        self.head = nn.Dense(1)

    def __call__(self, weeks, train: bool = False):
        state = jnp.zeros((weeks.shape[1], self.cfg.hidden))
        if self.is_initializing():
            return self.head(self.season(state, weeks[0], train))[..., 0]

        def week(carry, weekly):
            carry = self.season(carry, weekly, train)
            return carry, self.head(carry)[..., 0]

        _, per_week = lax.scan(week, state, weeks)
        return per_week[-1]


def make_forecast_fn(model, adapt_stats):
    @functools.partial(jax.jit, static_argnums=())
    def forecast(variables, weeks):
        preds, updates = model.apply(variables, weeks, train=adapt_stats, mutable=["batch_stats"])
        return preds, {**variables, **updates}
    return forecast


def main():
    cfg = CropConfig()
    model = YieldForecaster(cfg)
    weeks = jax.random.normal(jax.random.key(0), (cfg.n_weeks, cfg.n_fields, cfg.n_features))
    variables = model.init(jax.random.key(1), weeks)
    forecast = make_forecast_fn(model, adapt_stats=True)
    for region in range(2):
        region_weeks = weeks + 0.1 * region
        preds, variables = forecast(variables, region_weeks)
    _ = float(preds.mean())
    return None
