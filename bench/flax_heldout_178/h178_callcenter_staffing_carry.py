# label: ok
# flax-error: none
# class: 4 StaffingService.forecast -> regions[name] (RegionAdapter) -> apply with mutable backlog; queue_state per region threaded through the scan carry
"""Call-centre staffing: per-region adapters forecast agent demand from half-hourly call volumes."""
import dataclasses
import functools

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
        self.params = variables["params"]
        self.initial_queue = variables["queue_state"]
        self.apply_fn = functools.partial(model.apply, mutable=["queue_state"])
        self.config = config

    def agents_needed(self, volumes, queue):
        demand, updates = self.apply_fn({"params": self.params, "queue_state": queue}, volumes)
        return demand * self.config.handle_minutes, updates["queue_state"]


class StaffingService:
    def __init__(self, model, variables_by_region, config):
        self.regions = {
            name: RegionAdapter(model, variables_by_region[name], config) for name in config.regions
        }

    def initial_queues(self):
        return {name: adapter.initial_queue for name, adapter in self.regions.items()}

    def forecast(self, region, volumes, queue):
        return self.regions[region].agents_needed(volumes, queue)


def main():
    config = StaffingConfig()
    model = DemandNet()
    volumes = jax.random.poisson(jax.random.key(2), 30.0, (8, len(config.regions), config.features))
    volumes = volumes.astype(jnp.float32) / 30.0
    variables_by_region = {
        name: model.init(jax.random.key(i), volumes[0, i]) for i, name in enumerate(config.regions)
    }
    service = StaffingService(model, variables_by_region, config)

    def half_hour(carry, slot):
        total, queues = carry
        agents, new_queues = [], {}
        for i, name in enumerate(config.regions):
            a, new_queues[name] = service.forecast(name, slot[i], queues[name])
            agents.append(a)
        agents = jnp.stack(agents)
        return (total + agents, new_queues), agents

    (total, _), _ = lax.scan(half_hour, (jnp.zeros(len(config.regions)), service.initial_queues()), volumes)
    print("agent-hours by region", total)
    return None
