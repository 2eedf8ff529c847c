# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "soil_memory" in "/valve" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 an irrigation context passed down through plan_season and run_block carries the bound model whose valve keeps a soil_memory cache the fori_loop body updates
"""Orchard irrigation planner: schedules valve openings day by day over a season."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


class ValveController(nn.Module):
    n_rows: int = 12

    @nn.compact
    def __call__(self, moisture):
        memory = self.variable("cache", "soil_memory", jnp.zeros, (self.n_rows,))
        memory.value = 0.7 * memory.value + 0.3 * moisture
        return nn.sigmoid(nn.Dense(self.n_rows)(jnp.stack([moisture, memory.value]).reshape(-1)))


class OrchardModel(nn.Module):
    def setup(self):
        self.valve = ValveController()

    def __call__(self, moisture):
        return self.valve(moisture)


@dataclass
class IrrigationContext:
    model: nn.Module  # bound OrchardModel
    evaporation: float
    days_per_block: int


def water_day(ctx: IrrigationContext, day, moisture):
    opening = ctx.model.valve(moisture)
    return jnp.clip(moisture - ctx.evaporation + 0.2 * opening, 0.0, 1.0)


def run_block(ctx: IrrigationContext, moisture):
    return jax.lax.fori_loop(0, ctx.days_per_block, lambda d, m: water_day(ctx, d, m), moisture)


def plan_season(ctx: IrrigationContext, moisture, n_blocks: int):
    for _ in range(n_blocks):
        moisture = run_block(ctx, moisture)
    return moisture


def main():
    model = OrchardModel()
    moisture = jnp.full((12,), 0.5)
    variables = model.init(jax.random.key(0), moisture)
    ctx = IrrigationContext(model.bind({"params": variables["params"], "cache": variables["cache"]}), 0.03, 7)
    plan_season(ctx, moisture, n_blocks=3).block_until_ready()
    return None


if __name__ == "__main__":
    main()
