# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the compact __call__ of StageRouting runs the scan itself and its body creates the nn.Dense that owns the routing params
"""River gauge routing: propagate an upstream hydrograph to a downstream gauge, one reach
at a time, with a learned Muskingum-like correction."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class RoutingConfig:
    reaches: int = 4
    timesteps: int = 12
    hidden: int = 8


class StageRouting(nn.Module):
    cfg: RoutingConfig

    @nn.compact
    def __call__(self, inflow, reach_features):
        def route(flow, features):
            correction = nn.Dense(self.cfg.timesteps, name="correction")(features)
            lagged = jnp.roll(flow, 1).at[0].set(flow[0])
            return 0.6 * flow + 0.4 * lagged + 0.1 * jnp.tanh(correction), flow.max()

        outflow, peaks = jax.lax.scan(route, inflow, reach_features)
        return outflow, peaks


class GaugeForecaster:
    def __init__(self, cfg: RoutingConfig):
        self.model = StageRouting(cfg)
        self.variables = None

    def fit_initial(self, key, inflow, reach_features):
        self.variables = self.model.init(key, inflow, reach_features)

    def forecast(self, inflow, reach_features):
        return self.model.apply(self.variables, inflow, reach_features)


def main():
    cfg = RoutingConfig()
    inflow = jnp.exp(-0.5 * (jnp.arange(cfg.timesteps) - 4.0) ** 2)
    reach_features = jax.random.normal(jax.random.key(0), (cfg.reaches, 3))
    forecaster = GaugeForecaster(cfg)
    forecaster.fit_initial(jax.random.key(1), inflow, reach_features)
    outflow, _ = forecaster.forecast(inflow, reach_features)
    jax.block_until_ready(outflow)
    return None
