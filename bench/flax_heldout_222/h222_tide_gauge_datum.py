# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 TideGaugeFilter.__call__ runs the while_loop itself and its "correction" Dense is first called, and so created at init, inside the loop body
"""Harbour tide gauges: iteratively settle a datum estimate from a window of water levels."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class TideGaugeFilter(nn.Module):
    harmonics: int = 4
    max_iter: int = 25
    tol: float = 1e-3

    @nn.compact
    def __call__(self, levels):
        basis = nn.Dense(self.harmonics, name="basis")
        correction = nn.Dense(levels.shape[-1], name="correction")
        basis(levels)  # the tidal basis exists before the loop

        def cond(state):
            it, residual, _ = state
            return (it < self.max_iter) & (jnp.abs(residual).max() > self.tol)

        def body(state):
            it, _, estimate = state
            nudge = correction(jnp.tanh(basis(estimate)))
            estimate = estimate + 0.5 * (levels - estimate) + 0.01 * nudge
            return it + 1, levels - estimate, estimate

        init = (jnp.int32(0), levels, jnp.zeros_like(levels))
        _, _, estimate = jax.lax.while_loop(cond, body, init)
        return estimate


@dataclass
class HarbourDatumService:
    gauge_ids: tuple[str, ...]
    model: TideGaugeFilter = TideGaugeFilter()

    def calibrate(self, window):
        self.variables = self.model.init(jax.random.key(0), window)
        return self

    def datum(self, window):
        estimate = self.model.apply(self.variables, window)
        return dict(zip(self.gauge_ids, [float(v) for v in estimate.mean(axis=0)]))


def main():
    gauges = ("north-pier", "ferry-slip", "breakwater")
    hours = jnp.arange(48.0)[:, None]
    window = 1.5 * jnp.sin(2 * jnp.pi * hours / 12.42) + jnp.array([0.1, 0.0, -0.2])
    service = HarbourDatumService(gauges).calibrate(window)
    service.datum(window)
    return None
