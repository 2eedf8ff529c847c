# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the forecaster's own __call__ scans over the week and writes its 'dispense_state' variable inside the scan body
"""Pharmacy dispensing forecaster: projects daily unit demand per SKU and keeps a running
backlog of unfilled prescriptions in a mutable collection, so that the next call continues."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    num_skus: int = 6
    hidden: int = 16
    horizon_days: int = 7
    restock_per_day: float = 0.8


class DispenseForecaster(nn.Module):
    config: ForecastConfig

    @nn.compact
    def __call__(self, daily_scripts):
        cfg = self.config
        backlog = self.variable("dispense_state", "backlog",
                                lambda: jnp.zeros((cfg.num_skus,), jnp.float32))
        encoder = nn.Dense(cfg.hidden, name="script_encoder")
        head = nn.Dense(cfg.num_skus, name="demand_head")

        def day(carry_demand, scripts):
            h = nn.relu(encoder(scripts))
            demand = nn.softplus(head(h)) + 0.1 * carry_demand
            # Unfilled units roll over to tomorrow's backlog.
            backlog.value = jnp.maximum(backlog.value + demand - cfg.restock_per_day, 0.0)
            return demand, demand

        if self.is_initializing():
            encoder(daily_scripts[0]), head(jnp.zeros((cfg.hidden,)))
        _, demand_per_day = jax.lax.scan(day, jnp.zeros((cfg.num_skus,)), daily_scripts)
        return demand_per_day


class DispensingService:
    def __init__(self, config: ForecastConfig, seed: int = 0):
        self.config = config
        self.model = DispenseForecaster(config)
        sample = jnp.zeros((config.horizon_days, config.num_skus))
        self.variables = self.model.init(jax.random.key(seed), sample)

    def project_week(self, scripts):
        demand, mutated = self.model.apply(self.variables, scripts, mutable=["dispense_state"])
        self.variables = {**self.variables, **mutated}
        return demand


def main():
    cfg = ForecastConfig()
    service = DispensingService(cfg)
    scripts = jax.random.uniform(jax.random.key(1), (cfg.horizon_days, cfg.num_skus)) * 3.0
    demand = service.project_week(scripts)
    total_backlog = jnp.sum(service.variables["dispense_state"]["backlog"])
    float(total_backlog + demand.sum())
    return None
