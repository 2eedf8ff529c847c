# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 LockerForecastService -> SessionPool (resolved from a ServiceLocator by type) -> a per-site nnx module that the pool builds lazily on first acquire, which happens inside the scan body
"""Parcel lockers: forecast hourly locker occupancy per site with pooled per-site scoring sessions."""

import zlib
from typing import Any, Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

LOCKERS = 12


class OccupancyScorer(nnx.Module):
    def __init__(self, lockers: int, *, rngs: nnx.Rngs):
        self.mix = nnx.Linear(lockers, lockers, rngs=rngs)

    def __call__(self, demand):
        return nnx.sigmoid(self.mix(demand))


class SessionPool:
    """One scorer per site, built on first use and then reused."""

    def __init__(self, factory: Callable[[str], nnx.Module]):
        self._factory = factory
        self._sessions: dict[str, nnx.Module] = {}

    def acquire(self, site: str) -> nnx.Module:
        if site not in self._sessions:
            self._sessions[site] = self._factory(site)
        return self._sessions[site]


class ServiceLocator:
    def __init__(self):
        self._services: dict[type, Any] = {}

    def register(self, kind: type, instance: Any) -> None:
        self._services[kind] = instance

    def get(self, kind: type) -> Any:
        return self._services[kind]


def scorer_for_site(site: str) -> OccupancyScorer:
    return OccupancyScorer(LOCKERS, rngs=nnx.Rngs(zlib.crc32(site.encode()) % 2**31))


class LockerForecastService:
    def __init__(self, locator: ServiceLocator):
        self.pool: SessionPool = locator.get(SessionPool)

    def forecast(self, site: str, hourly_demand):
        def hour(occupancy, demand):
            scorer = self.pool.acquire(site)
            occupancy = 0.9 * occupancy + 0.1 * scorer(demand)
            return occupancy, occupancy.mean()

        return jax.lax.scan(hour, jnp.zeros(LOCKERS), hourly_demand)

    def spot_check(self, site: str, demand) -> float:
        return float(self.pool.acquire(site)(demand).mean())


def main():
    locator = ServiceLocator()
    locator.register(SessionPool, SessionPool(scorer_for_site))
    service = LockerForecastService(locator)
    demand = jax.random.uniform(jax.random.key(0), (24, LOCKERS))
    service.forecast("station-square", demand)
    service.spot_check("station-square", demand[-1])
    return None
