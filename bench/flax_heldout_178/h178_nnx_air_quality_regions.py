# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 AirQualityService.nowcast -> RegionRegistry.get builds and caches a per-region nnx model on first use, which happens inside the scan body
"""Air-quality nowcasting: per-region PM2.5 models created on demand by a registry inside a service."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class AirConfig:
    regions: tuple = ("north", "harbour", "valley")
    pollutants: int = 5
    hours: int = 6


class PM25Nowcaster(nnx.Module):
    def __init__(self, pollutants, *, rngs):
        self.mix = nnx.Linear(pollutants, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.gelu(self.mix(x)))).squeeze(-1) * 25.0


class RegionRegistry:
    def __init__(self, config):
        self.config = config
        self._models = {}

    def get(self, region):
        if region not in self._models:
            seed = self.config.regions.index(region)
            self._models[region] = PM25Nowcaster(self.config.pollutants, rngs=nnx.Rngs(seed))
        return self._models[region]


class AirQualityService:
    def __init__(self, registry):
        self.registry = registry

    def nowcast(self, region, readings):
        return self.registry.get(region)(readings)


def main():
    config = AirConfig()
    service = AirQualityService(RegionRegistry(config))
    readings = jax.random.uniform(
        jax.random.key(2), (config.hours, len(config.regions), config.pollutants)
    )

    def hour(carry, frame):
        pm = jnp.stack([service.nowcast(r, frame[i]) for i, r in enumerate(config.regions)])
        return carry, pm

    _, pm25 = lax.scan(hour, None, readings)
    # An ad-hoc API request after the batch run reuses the cached regional model.
    alert = service.nowcast("harbour", readings[-1, 1])
    print("hourly pm2.5", pm25.shape, "harbour now", float(alert))
    return None
