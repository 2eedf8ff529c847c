# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the melt module's own __call__ runs the scan and first calls its compact albedo submodule inside the step body
"""Glacier mass balance: daily melt from temperature and a learned albedo feedback."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class MeltConfig:
    degree_day_factor: float = 0.004
    n_bands: int = 5


class MassBalance(nn.Module):
    cfg: MeltConfig

    @nn.compact
    def __call__(self, temperatures, snow0):
        albedo = nn.Sequential([nn.Dense(8), nn.sigmoid, nn.Dense(self.cfg.n_bands)], name="albedo")

        def day(snow, temp):
            absorbed = 1.0 - nn.sigmoid(albedo(snow))
            melt = self.cfg.degree_day_factor * jnp.maximum(temp, 0.0) * (1.0 + absorbed)
            snow = jnp.maximum(snow - melt, 0.0)
            return snow, melt.sum()

        snow, daily_melt = jax.lax.scan(day, snow0, temperatures)
        return snow, daily_melt


class BalanceService:
    def __init__(self, cfg: MeltConfig):
        self.cfg = cfg
        self.model = MassBalance(cfg)

    def fit_and_report(self, temperatures, snow0):
        variables = self.model.init(jax.random.key(0), temperatures, snow0)
        snow, melt = self.model.apply(variables, temperatures, snow0)
        return snow, melt.sum()


def main():
    cfg = MeltConfig()
    temps = jnp.broadcast_to(jnp.sin(jnp.linspace(0, 3.0, 30))[:, None] * 8.0, (30, cfg.n_bands))
    snow, total = BalanceService(cfg).fit_and_report(temps, jnp.full((cfg.n_bands,), 2.0))
    total.block_until_ready()
    return None


if __name__ == "__main__":
    main()
