# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "weak_sum" in "/" because collection "calib" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 AvalancheDesk.handle dispatches on RequestKind to a handler that takes a bound model from BoundModelCache[(region, kind)] and calibrates it in the scan body
"""Avalanche forecasting desk: score snowpack layers and calibrate per-region weak-layer statistics."""
from __future__ import annotations

import enum

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RequestKind(enum.Enum):
    FORECAST = "forecast"
    CALIBRATE = "calibrate"


class SlopeModel(nn.Module):
    @nn.compact
    def __call__(self, layer, calibrate: bool = False):
        weak = self.variable("calib", "weak_sum", jnp.zeros, (8,))
        h = nn.swish(nn.Dense(8, name="layer")(layer))
        if calibrate:
            weak.value = weak.value + h.mean(axis=0)
        return nn.sigmoid(nn.Dense(1, name="risk")(h - weak.value / 10.0))[..., 0]


class BoundModelCache:
    def __init__(self, module: SlopeModel):
        self.module = module
        self.variables = {}
        self._bound = {}

    def register(self, region: str, variables):
        self.variables[region] = variables

    def get(self, region: str, kind: RequestKind):
        key = (region, kind)
        if key not in self._bound:
            self._bound[key] = self.module.bind(self.variables[region])
        return self._bound[key]


class AvalancheDesk:
    def __init__(self, cache: BoundModelCache):
        self.cache = cache
        self.handlers = {RequestKind.FORECAST: self._forecast, RequestKind.CALIBRATE: self._calibrate}

    def handle(self, kind: RequestKind, region: str, layers):
        return self.handlers[kind](region, layers)

    def _forecast(self, region, layers):
        model = self.cache.get(region, RequestKind.FORECAST)
        return jax.vmap(model)(layers)

    def _calibrate(self, region, layers):
        model = self.cache.get(region, RequestKind.CALIBRATE)

        def body(acc, layer):
            risk = model(layer, calibrate=True)
            return acc + risk.mean(), risk.max()

        return scan(body, jnp.zeros(()), layers)


def main():
    layers = jnp.tanh(jnp.arange(6 * 4 * 5, dtype=jnp.float32).reshape(6, 4, 5) / 37.0)
    module = SlopeModel()
    cache = BoundModelCache(module)
    cache.register("north-ridge", module.init(jax.random.key(7), layers[0]))
    desk = AvalancheDesk(cache)
    total, peaks = desk.handle(RequestKind.CALIBRATE, "north-ridge", layers)
    jax.block_until_ready((total, peaks))
    return None
