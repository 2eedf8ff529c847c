# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "backlog" in "/" because collection "queue_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 StaffingService.forecast -> regions[name] (RegionAdapter) -> immutable model.bind(...) whose backlog variable is updated in the scan body
"""Call-centre staffing: per-region adapters forecast agent demand from half-hourly call volumes."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class StaffingConfig:
    regions: tuple = ("emea", "apac", "amer")
    features: int = 5
    handle_minutes: float = 6.0


class DemandNet(nn.Module):
    @nn.compact
    def __call__(self, volumes):
        backlog = self.variable("queue_state", "backlog", lambda: jnp.zeros(volumes.shape[-1:]))
        backlog.value = 0.8 * backlog.value + 0.2 * volumes
        h = nn.relu(nn.Dense(12)(jnp.concatenate([volumes, backlog.value], -1)))
        return nn.softplus(nn.Dense(1)(h)).squeeze(-1)


class RegionAdapter:
    def __init__(self, model, variables, config):
        self.bound = model.bind(variables)
        self.config = config

    def agents_needed(self, volumes):
        return self.bound(volumes) * self.config.handle_minutes


class StaffingService:
    def __init__(self, model, variables_by_region, config):
        self.regions = {
            name: RegionAdapter(model, variables_by_region[name], config) for name in config.regions
        }

    def forecast(self, region, volumes):
        return self.regions[region].agents_needed(volumes)


def main():
    config = StaffingConfig()
    model = DemandNet()
    volumes = jax.random.poisson(jax.random.key(2), 30.0, (8, len(config.regions), config.features))
    volumes = volumes.astype(jnp.float32) / 30.0
    variables_by_region = {
        name: model.init(jax.random.key(i), volumes[0, i]) for i, name in enumerate(config.regions)
    }
    service = StaffingService(model, variables_by_region, config)

    def half_hour(total, slot):
        agents = jnp.stack([service.forecast(name, slot[i]) for i, name in enumerate(config.regions)])
        return total + agents, agents

    total, _ = lax.scan(half_hour, jnp.zeros(len(config.regions)), volumes)
    print("agent-hours by region", total)
    return None
