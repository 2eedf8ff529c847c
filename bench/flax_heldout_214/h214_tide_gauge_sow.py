# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 forecast() holds a local model.bind(..., mutable=["intermediates"]) that the scan body calls; the sown residuals are stacked after the loop
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
        return level + 0.1 * residual

    def __call__(self, level):
        return self.step(level)


def forecast(model, params, level, hours):
    gauge = model.bind({"params": params}, mutable=["intermediates"])

    def hour(state, _):
        return gauge.step(state), None

    final, _ = jax.lax.scan(hour, level, None, length=hours)
    residuals = jnp.stack(gauge.variables["intermediates"]["residual"])
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
