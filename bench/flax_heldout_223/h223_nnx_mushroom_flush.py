# label: same-values
# flax-error: none
# class: 2 the scan body uses a key the enclosing function drew once from the nnx.Rngs "spores" stream before the loop
"""Mushroom farming: sample daily pinning counts for a grow room held at its humidity setpoint."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class PinningModel(nnx.Module):
    def __init__(self, shelves: int, rngs: nnx.Rngs):
        self.response = nnx.Linear(3, shelves, rngs=rngs)

    def rate(self, climate):
        return nnx.softplus(self.response(climate))


def forecast_flush(model: PinningModel, rngs: nnx.Rngs, climate, days: int = 5):
    key = rngs.spores()

    def day(total, _):
        pins = jax.random.poisson(key, 20.0 * model.rate(climate)).astype(jnp.float32)
        return total + pins, pins

    return scan(day, jnp.zeros(model.response.out_features), None, length=days)


def main():
    rngs = nnx.Rngs(params=0, spores=21)
    model = PinningModel(shelves=6, rngs=rngs)
    total, pins = forecast_flush(model, rngs, jnp.array([0.93, 0.16, 0.08]))
    return pins
