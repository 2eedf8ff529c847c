# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ward_state" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 OccupancyForecaster.rollout owns the "cache" ward_state variable and writes it inside its own lax.scan body; the planning service applies without mutable
"""Hospital bed-occupancy forecaster: rolls ward occupancy forward over the planning horizon."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class WardConfig:
    num_wards: int = 6
    num_features: int = 4
    hidden: int = 16
    horizon: int = 14
    discharge_rate: float = 0.12


class OccupancyForecaster(nn.Module):
    config: WardConfig

    def setup(self):
        self.admissions = nn.Dense(self.config.hidden)
        self.inflow = nn.Dense(self.config.num_wards)
        self.ward_state = self.variable("cache", "ward_state", jnp.zeros, (self.config.num_wards,))

    def step(self, occupancy, features):
        h = nn.relu(self.admissions(jnp.concatenate([occupancy, features])))
        return occupancy * (1.0 - self.config.discharge_rate) + nn.softplus(self.inflow(h))

    def rollout(self, census, daily_features):
        def body(occupancy, features):
            occupancy = self.step(occupancy, features)
            self.ward_state.value = occupancy
            return occupancy, occupancy.sum()

        _, totals = lax.scan(body, census, daily_features)
        return totals

    def __call__(self, census, features):
        return self.step(census, features)


class BedPlanningService:
    def __init__(self, config: WardConfig, seed: int = 0):
        self.config = config
        self.model = OccupancyForecaster(config)
        census = jnp.zeros((config.num_wards,))
        features = jnp.zeros((config.num_features,))
        self.variables = self.model.init(jax.random.key(seed), census, features)

    def forecast(self, census, daily_features):
        return self.model.apply(self.variables, census, daily_features, method=OccupancyForecaster.rollout)

    def peak_day(self, census, daily_features):
        totals = self.forecast(census, daily_features)
        return int(jnp.argmax(totals)), float(totals.max())


def main():
    config = WardConfig()
    service = BedPlanningService(config)
    census = jnp.full((config.num_wards,), 20.0)
    features = jax.random.normal(jax.random.key(1), (config.horizon, config.num_features))
    day, beds = service.peak_day(census, features)
    print(f"peak on day {day}: {beds:.1f} beds")
    return None
