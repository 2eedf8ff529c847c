# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TideForecaster.__call__ runs the scan itself; its setup() submodule is first called inside the scan body, so init creates the params there
"""Tide-gauge residual forecaster for a harbour authority.

The forecaster rolls a recurrent state over hourly surge residuals. The
correction layer is declared in setup() and only ever called from the step
function of the scan.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class GaugeSpec:
    station: str
    hidden: int = 6
    hours: int = 12


class TideForecaster(nn.Module):
    hidden: int

    def setup(self):
        self.correction = nn.Dense(self.hidden)
        self.readout = nn.Dense(1)

    def __call__(self, residuals):
        def step(state, level):
            state = jnp.tanh(self.correction(state) + level)
            return state, state

        _, states = scan(step, jnp.zeros(self.hidden), residuals)
        return self.readout(states)[:, 0]


class TideService:
    def __init__(self, spec):
        self.spec = spec
        self.model = TideForecaster(spec.hidden)
        self.variables = None

    def fit_initial(self, key, sample):
        self.variables = self.model.init(key, sample)

    def forecast(self, residuals):
        return self.model.apply(self.variables, residuals)


def main():
    spec = GaugeSpec("newlyn")
    hours = jnp.arange(spec.hours, dtype=jnp.float32)
    residuals = 0.3 * jnp.sin(hours / 2.0)[:, None] * jnp.ones((1, spec.hidden))
    service = TideService(spec)
    service.fit_initial(jax.random.key(0), residuals)
    service.forecast(residuals)
    return None
