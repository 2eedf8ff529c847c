# label: ok
# flax-error: none
# class: 3 self.model and self.variables on an OmoriForecaster; the running-rate collection goes through the fori_loop carry and is stored on the object after the loop
"""Seismic aftershock rates: an Omori-style rate model with a learned correction; the
forecaster keeps an exponential moving average of the predicted daily rate per region."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class OmoriRate(nn.Module):
    n_regions: int = 3
    decay: float = 0.8

    @nn.compact
    def __call__(self, features, day):
        k = self.param("productivity", nn.initializers.ones, (self.n_regions,))
        p = self.param("p", nn.initializers.constant(1.1), ())
        corr = nn.Dense(self.n_regions, name="correction")(features)
        rate = k * (day + 1.0) ** (-p) * jnp.exp(0.1 * corr)
        ema = self.variable("rate_stats", "ema", jnp.zeros, (self.n_regions,))
        if not self.is_initializing():
            ema.value = self.decay * ema.value + (1 - self.decay) * rate
        return rate


class OmoriForecaster:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def expected_counts(self, catalog):
        params = self.variables["params"]

        def body(day, carry):
            total, stats = carry
            rate, updates = self.model.apply(
                {"params": params, "rate_stats": stats},
                catalog[day],
                day.astype(jnp.float32),
                mutable=["rate_stats"],
            )
            return total + rate, updates["rate_stats"]

        init = (jnp.zeros(self.model.n_regions), self.variables["rate_stats"])
        total, stats = jax.lax.fori_loop(0, catalog.shape[0], body, init)
        self.variables = {"params": params, "rate_stats": stats}
        return total

    def alert_levels(self):
        ema = self.variables["rate_stats"]["ema"]
        return jnp.digitize(jnp.log1p(ema), jnp.array([0.1, 0.5, 1.0]))


def main():
    model = OmoriRate()
    catalog = jax.random.normal(jax.random.key(3), (14, 5))
    variables = model.init(jax.random.key(0), catalog[0], 0.0)
    forecaster = OmoriForecaster(model, variables)
    forecaster.expected_counts(catalog)
    forecaster.alert_levels()
    return None
