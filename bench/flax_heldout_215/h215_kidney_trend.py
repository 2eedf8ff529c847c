# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TrendMonitor.run -> self.helper.ingest -> model.bind(variables, mutable=['trend']) held by PatientTrendHelper, called in the fori_loop body
"""Kidney function trend monitoring: eGFR estimates over a patient's lab visits.

A helper keeps a bound copy of the model so that the exponential moving average of the eGFR
score lives in the bound scope; the monitor walks the visits with a fori_loop and then asks the
helper for the smoothed trend to flag declining patients.
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
        self.bound = model.bind(variables, mutable=["trend"])

    def ingest(self, labs):
        return self.bound(labs)

    def current_trend(self):
        return self.bound.variables["trend"]["ema"]


class TrendMonitor:
    def __init__(self, helper, alert_below=60.0):
        self.helper = helper
        self.alert_below = alert_below

    def run(self, visits):
        def visit(i, lowest):
            score = self.helper.ingest(visits[i])
            return jnp.minimum(lowest, score)

        lowest = lax.fori_loop(0, visits.shape[0], visit, jnp.full(visits.shape[1], jnp.inf))
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
