# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 model.bind(variables, mutable=["intermediates"]) held as FrostAlerter.session; sown activations are read after the scan
"""Orchard frost alerts: overnight risk per orchard row, with a drift check on the hidden features."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class FrostRisk(nn.Module):
    @nn.compact
    def __call__(self, readings):
        h = nn.gelu(nn.Dense(12)(readings))  # air temp, dew point, wind, soil temp
        self.sow("intermediates", "hidden", h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class FrostAlerter:
    def __init__(self, model, variables, alarm_at=0.7):
        self.session = model.bind({"params": variables["params"]}, mutable=["intermediates"])
        self.alarm_at = alarm_at

    def overnight(self, readings):
        def body(peak, r):
            risk = self.session(r)
            return jnp.maximum(peak, risk), risk.max() > self.alarm_at

        peak, alarms = scan(body, jnp.zeros(readings.shape[1]), readings)
        hidden = self.session.variables["intermediates"]["hidden"]
        drift = jnp.stack(hidden).std()
        return peak, alarms, drift


def main():
    readings = jax.random.normal(jax.random.key(0), (10, 3, 4))  # 10 half-hours, 3 rows
    model = FrostRisk()
    variables = model.init(jax.random.key(1), readings[0])
    FrostAlerter(model, variables).overnight(readings)
