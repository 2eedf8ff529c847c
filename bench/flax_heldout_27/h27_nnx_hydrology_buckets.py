# label: trace-context
# flax-error: TraceContextError: Cannot mutate DaysSimulated from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body jax.vmaps a functools.partial of the runoff model over catchments; its soil bucket bumps a custom Variable counter two modules down
"""Rainfall-runoff simulation for several catchments with a learned soil-moisture bucket.

Each day the bucket takes rainfall and potential evapotranspiration, a learned drainage
curve releases water, and a routing layer turns drainage into streamflow. All catchments
share the same parameters and are simulated side by side.
"""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DaysSimulated(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class HydroConfig:
    hidden: int = 8
    days: int = 7
    capacity: float = 100.0


class SoilBucket(nnx.Module):
    def __init__(self, cfg: HydroConfig, rngs: nnx.Rngs):
        self.capacity = cfg.capacity
        self.drain = nnx.Linear(2, cfg.hidden, rngs=rngs)
        self.rate = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.days = DaysSimulated(jnp.zeros((), jnp.int32))

    def __call__(self, storage, rain, pet):
        fill = storage / self.capacity
        k = nnx.sigmoid(self.rate(nnx.tanh(self.drain(jnp.stack([fill, pet / 10.0])))))[0]
        storage = jnp.clip(storage + rain - pet * fill, 0.0, self.capacity)
        self.days.value = self.days.value + 1
        return storage * (1 - k), storage * k


class RunoffModel(nnx.Module):
    def __init__(self, cfg: HydroConfig, rngs: nnx.Rngs):
        self.bucket = SoilBucket(cfg, rngs)
        self.route = nnx.Linear(2, 1, rngs=rngs)

    def __call__(self, storage, forcing, area):
        storage, drainage = self.bucket(storage, forcing[0], forcing[1])
        return storage, nnx.softplus(self.route(jnp.stack([drainage, area])))[0]


def simulate(model, forcing, areas, storage0):
    day_fn = partial(RunoffModel.__call__, model)

    def day(storage, daily):
        return jax.vmap(day_fn)(storage, daily, areas)

    return lax.scan(day, storage0, forcing)


def main():
    cfg = HydroConfig()
    model = RunoffModel(cfg, nnx.Rngs(0))
    t = jnp.arange(cfg.days, dtype=jnp.float32)
    rain = jnp.stack([5 + 5 * jnp.sin(t), 2 + 3 * jnp.cos(t), 8 * (t % 3 == 0)], axis=-1)
    pet = jnp.full_like(rain, 3.0)
    forcing = jnp.stack([rain, pet], axis=-1)
    storage, flow = simulate(model, forcing, jnp.array([1.0, 0.5, 2.0]), jnp.full((3,), 40.0))
    print("peak flow per catchment", flow.max(axis=0), "days", int(model.bucket.days.value))
    return None
