# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body of BlastPlanner.plan_benches builds a fresh model per bench through the decorator registry and FragmentationModel.from_config, with a key from the scan inputs, and appends it to self.fleet; the fleet's last model is used after the loop
"""Quarry blast design: fragmentation models built per bench from a registry."""
from __future__ import annotations

import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx

MODEL_REGISTRY: dict[str, Callable] = {}


def register(name: str):
    def decorator(cls):
        MODEL_REGISTRY[name] = cls
        return cls
    return decorator


@dataclasses.dataclass(frozen=True)
class BlastConfig:
    model: str = "kuz-ram"
    hole_features: int = 5
    hidden: int = 8


@register("kuz-ram")
class FragmentationModel(nnx.Module):
    def __init__(self, hole_features: int, hidden: int, *, rngs: nnx.Rngs):
        self.charge = nnx.Linear(hole_features, hidden, rngs=rngs)
        self.size = nnx.Linear(hidden, 1, rngs=rngs)

    @classmethod
    def from_config(cls, config: BlastConfig, key) -> "FragmentationModel":
        return cls(config.hole_features, config.hidden, rngs=nnx.Rngs(params=key))

    def __call__(self, holes):
        return nnx.softplus(self.size(nnx.relu(self.charge(holes))))[..., 0]


class BlastPlanner:
    def __init__(self, config: BlastConfig):
        self.config = config
        self.fleet: list[nnx.Module] = []

    def plan_benches(self, holes_per_bench, keys):
        factory = MODEL_REGISTRY[self.config.model]

        def bench(oversize, inputs):
            holes, key = inputs
            model = factory.from_config(self.config, key)
            self.fleet.append(model)
            fragments = model(holes)
            return oversize + (fragments > 1.0).mean(), fragments.mean()

        return jax.lax.scan(bench, jnp.zeros(()), (holes_per_bench, keys))

    def audit(self, holes):
        return self.fleet[-1](holes).max()


def main():
    config = BlastConfig()
    holes = jax.random.uniform(jax.random.key(6), (4, 10, config.hole_features))
    keys = jax.random.split(jax.random.key(0), 4)
    planner = BlastPlanner(config)
    oversize, mean_fragment = planner.plan_benches(holes, keys)
    print("oversize", float(oversize), "audit", float(planner.audit(holes[0])))
    return None
