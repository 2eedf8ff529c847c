# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 self.bound = model.bind(variables, mutable=["rate_stats"]) on an OmoriForecaster; the fori_loop body calls self.bound and the running-rate collection is read after the loop
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
        self.bound = model.bind(variables, mutable=["rate_stats"])

    def expected_counts(self, catalog):
        def body(day, total):
            return total + self.bound(catalog[day], day.astype(jnp.float32))

        return jax.lax.fori_loop(0, catalog.shape[0], body, jnp.zeros(self.model.n_regions))

    def alert_levels(self):
        ema = self.bound.variables["rate_stats"]["ema"]
        return jnp.digitize(jnp.log1p(ema), jnp.array([0.1, 0.5, 1.0]))


def main():
    model = OmoriRate()
    catalog = jax.random.normal(jax.random.key(3), (14, 5))
    variables = model.init(jax.random.key(0), catalog[0], 0.0)
    forecaster = OmoriForecaster(model, variables)
    forecaster.expected_counts(catalog)
    forecaster.alert_levels()
    return None
