# label: ok
# flax-error: none
# class: 1 the forecaster's own __call__ scans over the week; the backlog travels in the scan carry and is written to 'dispense_state' after the scan
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

        def day(carry, scripts):
            carry_demand, pending = carry
            h = nn.relu(encoder(scripts))
            demand = nn.softplus(head(h)) + 0.1 * carry_demand
            # Unfilled units roll over to tomorrow's backlog.
            pending = jnp.maximum(pending + demand - cfg.restock_per_day, 0.0)
            return (demand, pending), demand

        if self.is_initializing():
            encoder(daily_scripts[0]), head(jnp.zeros((cfg.hidden,)))
        init = (jnp.zeros((cfg.num_skus,)), backlog.value)
        (_, pending), demand_per_day = jax.lax.scan(day, init, daily_scripts)
        backlog.value = pending
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
