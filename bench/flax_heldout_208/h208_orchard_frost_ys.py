# label: ok
# flax-error: none
# class: 3 model and params held on FrostAlerter; the sown activations leave the body as scan outputs
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
        self.model = model
        self.params = {"params": variables["params"]}
        self.alarm_at = alarm_at

    def overnight(self, readings):
        def body(peak, r):
            risk, state = self.model.apply(self.params, r, mutable=["intermediates"])
            hidden = state["intermediates"]["hidden"][0]
            return jnp.maximum(peak, risk), (risk.max() > self.alarm_at, hidden)

        peak, (alarms, hidden) = scan(body, jnp.zeros(readings.shape[1]), readings)
        drift = hidden.std()
        return peak, alarms, drift


def main():
    readings = jax.random.normal(jax.random.key(0), (10, 3, 4))  # 10 half-hours, 3 rows
    model = FrostRisk()
    variables = model.init(jax.random.key(1), readings[0])
    FrostAlerter(model, variables).overnight(readings)
