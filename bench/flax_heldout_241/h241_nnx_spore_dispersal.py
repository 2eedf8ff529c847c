# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the model is built from a **kwargs dict and handed to the runner as a keyword; its Dropout draws from its own Rngs stream in the scan body
"""Spore dispersal sampler for a mushroom farm: which shelves receive spores on each airflow cycle."""
from typing import Any, Dict

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class DispersalNet(nnx.Module):
    def __init__(self, shelves: int, airflow_rate: float, *, rngs: nnx.Rngs):
        self.fan = nnx.Linear(shelves, shelves, rngs=rngs)
        self.drift = nnx.Dropout(airflow_rate, rngs=rngs)

    def __call__(self, load, *, rngs=None):
        return self.drift(nnx.relu(self.fan(load)) + 1.0, rngs=rngs)


MODEL_DEFAULTS: Dict[str, Any] = {"shelves": 5, "airflow_rate": 0.5}


def build_model(seed: int = 0, **overrides) -> DispersalNet:
    kwargs = {**MODEL_DEFAULTS, **overrides}
    return DispersalNet(rngs=nnx.Rngs(params=seed, dropout=seed + 1), **kwargs)


class DispersalRunner:
    def __init__(self, *, model: DispersalNet, cycles: int, **options):
        self.model = model
        self.cycles = cycles
        self.options = options

    def run(self, load):
        def cycle(_, __):
            return None, self.model(load)

        _, shelves = lax.scan(cycle, None, None, length=self.cycles)
        return shelves


def main():
    settings = {"model": build_model(seed=3, airflow_rate=0.4), "cycles": 5, "room": "shiitake-1"}
    runner = DispersalRunner(**settings)
    load = jnp.linspace(0.2, 1.0, 5)
    return runner.run(load)
