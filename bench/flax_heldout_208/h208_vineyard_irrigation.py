# label: same-values
# flax-error: none
# class: 1 IrrigationScenarios.__call__ runs the scan and calls self.make_rng("weather") inside the body
"""Vineyard irrigation planning: samples a week of rainfall shocks per vine block."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class IrrigationScenarios(nn.Module):
    horizon: int = 7
    evaporation: float = 0.08

    @nn.compact
    def __call__(self, soil_moisture):
        demand = nn.Dense(soil_moisture.shape[-1], name="vine_demand")
        demand(soil_moisture)  # parameters exist before the loop

        def day(moisture, t):
            rain = jax.random.gamma(self.make_rng("weather"), 2.0, moisture.shape) * 0.05
            uptake = self.evaporation * nn.sigmoid(demand(moisture))
            moisture = jnp.clip(moisture + rain - uptake, 0.0, 1.0)
            return moisture, rain

        _, rain = jax.lax.scan(day, soil_moisture, jnp.arange(self.horizon))
        return rain


class BlockPlanner:
    def __init__(self, seed: int = 0):
        self.model = IrrigationScenarios()
        self.seed = seed

    def rainfall_scenario(self, moisture):
        variables = self.model.init({"params": jax.random.key(self.seed), "weather": jax.random.key(1)}, moisture)
        return self.model.apply(variables, moisture, rngs={"weather": jax.random.key(self.seed + 7)})


def main():
    moisture = jnp.array([0.31, 0.42, 0.27, 0.55, 0.38])  # five vine blocks
    return BlockPlanner(seed=3).rainfall_scenario(moisture)
