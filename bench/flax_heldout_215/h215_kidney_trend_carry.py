# label: ok
# flax-error: none
# class: 4 TrendMonitor.run -> self.helper.ingest -> model.apply(..., mutable=['trend']) with the trend collection in the fori_loop carry
"""Kidney function trend monitoring: eGFR estimates over a patient's lab visits.

The helper applies the model functionally: the moving-average collection travels through the
fori_loop carry and the helper stores the final value after the loop, before the monitor asks
for the smoothed trend to flag declining patients.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class EgfrTrend(nn.Module):
    decay: float = 0.8

    @nn.compact
    def __call__(self, labs):
        score = 90.0 + 10.0 * nn.Dense(1)(labs)[..., 0]
        ema = self.variable("trend", "ema", lambda: jnp.full(labs.shape[:-1], 90.0))
        ema.value = self.decay * ema.value + (1.0 - self.decay) * score
        return score


class PatientTrendHelper:
    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.trend = variables["trend"]

    def ingest(self, labs, trend):
        score, updates = self.model.apply({"params": self.params, "trend": trend}, labs, mutable=["trend"])
        return score, updates["trend"]

    def store(self, trend):
        self.trend = trend

    def current_trend(self):
        return self.trend["ema"]


class TrendMonitor:
    def __init__(self, helper, alert_below=60.0):
        self.helper = helper
        self.alert_below = alert_below

    def run(self, visits):
        def visit(i, carry):
            lowest, trend = carry
            score, trend = self.helper.ingest(visits[i], trend)
            return jnp.minimum(lowest, score), trend

        init = (jnp.full(visits.shape[1], jnp.inf), self.helper.trend)
        lowest, trend = lax.fori_loop(0, visits.shape[0], visit, init)
        self.helper.store(trend)
        declining = self.helper.current_trend() < self.alert_below
        return lowest, declining


def main():
    n_visits, n_patients = 6, 3
    creatinine = jnp.linspace(0.8, 2.4, n_visits)[:, None] * jnp.arange(1.0, n_patients + 1)[None, :]
    visits = jnp.stack([creatinine, jnp.full_like(creatinine, 55.0) / 100.0, jnp.ones_like(creatinine)], axis=-1)
    model = EgfrTrend()
    variables = model.init(jax.random.key(0), visits[0])
    monitor = TrendMonitor(PatientTrendHelper(model, variables))
    lowest, declining = monitor.run(visits)
    jax.block_until_ready((lowest, declining))
    return None
