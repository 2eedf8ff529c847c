# label: ok
# flax-error: none
# class: 2 forecast() holds a local model.bind({"params": ...}) that the scan body calls; the residuals leave the loop as scan outputs
"""Tide gauge forecasting: roll a harmonic residual model forward over the next hours and
keep the per-hour residuals for the harbour master's surge report."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class SurgeResidualModel(nn.Module):
    def setup(self):
        self.mix = nn.Dense(3)

    def step(self, level):
        residual = jnp.tanh(self.mix(level))
        self.sow("intermediates", "residual", residual)
        return level + 0.1 * residual, residual

    def __call__(self, level):
        return self.step(level)[0]


def forecast(model, params, level, hours):
    gauge = model.bind({"params": params})

    def hour(state, _):
        return gauge.step(state)

    final, residuals = jax.lax.scan(hour, level, None, length=hours)
    return final, residuals


def surge_report(residuals, threshold=0.5):
    return {"peak": jnp.max(jnp.abs(residuals)), "alerts": jnp.sum(residuals > threshold)}


def main():
    level = jnp.array([1.42, 0.03, -0.2])  # height, trend, pressure anomaly
    model = SurgeResidualModel()
    variables = model.init(jax.random.key(0), level)
    _, residuals = forecast(model, variables["params"], level, hours=12)
    surge_report(residuals)
    return None
