# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a lazily built NNX model behind ModelRegistry.get(), first built inside the scan body and cached on the registry
"""Glacier melt forecasting: daily runoff from a lazily loaded melt model, then a summary report."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclass(frozen=True)
class MeltConfig:
    features: int = 5  # air temp, shortwave, albedo, snow depth, wind
    hidden: int = 16
    seed: int = 9


class MeltNet(nnx.Module):
    def __init__(self, cfg: MeltConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.runoff = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.runoff(nnx.tanh(self.hidden(x))))[0]


class ModelRegistry:
    def __init__(self, cfg: MeltConfig):
        self.cfg = cfg
        self._models = {}

    def get(self, name="melt"):
        if name not in self._models:
            self._models[name] = MeltNet(self.cfg, nnx.Rngs(self.cfg.seed))
        return self._models[name]


class RunoffService:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def season(self, days):
        def body(total, x):
            runoff = self.registry.get()(x)
            return total + runoff, runoff

        return lax.scan(body, jnp.float32(0.0), days)

    def report(self, today):
        return {"runoff_today": self.registry.get()(today)}


def main():
    cfg = MeltConfig()
    service = RunoffService(ModelRegistry(cfg))
    days = jax.random.normal(jax.random.key(0), (30, cfg.features))
    service.season(days)
    service.report(days[-1])
