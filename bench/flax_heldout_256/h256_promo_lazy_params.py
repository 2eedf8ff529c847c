# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the forecaster calls decoder.rollout, whose fori_loop body is the first caller of the decoder's setup submodules
"""Multi-week promotion uplift forecaster: encoder over the promo calendar, autoregressive decoder."""

import jax
import jax.numpy as jnp
from flax import linen

lax = jax.lax

HORIZON = 4


class UpliftHead(linen.Module):
    @linen.compact
    def __call__(self, h):
        return linen.Dense(1, name="uplift")(h)[..., 0]


class AutoregressiveDecoder(linen.Module):
    horizon: int
    hidden: int = 8

    def setup(self):
        self.cell = linen.Dense(self.hidden)
        self.head = UpliftHead()

    def rollout(self, h0):
        out0 = jnp.zeros((self.horizon,) + h0.shape[:-1])

        def week(i, carry):
            h, out = carry
            h = jnp.tanh(self.cell(h))
            return h, out.at[i].set(self.head(h))

        return lax.fori_loop(0, self.horizon, week, (h0, out0))


class PromoForecaster(linen.Module):
    hidden: int = 8

    def setup(self):
        self.encoder = linen.Dense(self.hidden)
        self.decoder = AutoregressiveDecoder(horizon=HORIZON, hidden=self.hidden)

    def __call__(self, calendar):
        h0 = jnp.tanh(self.encoder(calendar))
        _, uplift = self.decoder.rollout(h0)
        return uplift


class ForecastService:
    def __init__(self, seed: int = 0):
        self.model = PromoForecaster()
        self.seed = seed
        self.variables = None

    def warm_start(self, calendar):
        self.variables = self.model.init(jax.random.key(self.seed), calendar)

    def forecast(self, calendar):
        return self.model.apply(self.variables, calendar)


def promo_calendar(n_skus=3, n_features=5):
    discount = jnp.linspace(0.0, 0.3, n_skus)[:, None]
    return jnp.concatenate([discount, jnp.ones((n_skus, n_features - 1))], axis=1)


def main():
    calendar = promo_calendar()
    service = ForecastService()
    service.warm_start(calendar)
    uplift = service.forecast(calendar)
    jax.block_until_ready(uplift)
    return None
