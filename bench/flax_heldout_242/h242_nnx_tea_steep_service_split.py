# label: ok
# flax-error: none
# class: 3 the scan body calls the SteepingService's model with keys split before the loop from the service's steep_key attribute and scanned as xs
"""Steeping service: one liquor sample is re-infused several times and scored with dropout noise."""
from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

GRADES = ((0.9, 0.1, 0.3, 0.2, 0.5), (0.7, 0.3, 0.2, 0.4, 0.6))


class SteepModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.extract = nnx.Linear(5, 5, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, liquor, *, key=None):
        return self.drop(nnx.gelu(self.extract(liquor)), rngs=key)


class SteepingService:
    def __init__(self, model: SteepModel, rngs: nnx.Rngs, infusions: int):
        self.model = model
        self.steep_key = rngs.steep()
        self.infusions = infusions

    def infuse(self, liquor):
        infusion_keys = jax.random.split(self.steep_key, self.infusions)

        def one_infusion(carry, key):
            return carry, self.model(liquor, key=key)

        _, cups = lax.scan(one_infusion, None, infusion_keys)
        return cups


def tasting_tray(cups: int):
    return jnp.asarray(list(itertools.islice(itertools.cycle(GRADES), cups)))


def main():
    service = SteepingService(SteepModel(nnx.Rngs(params=3, dropout=4)), nnx.Rngs(steep=5), infusions=4)
    return service.infuse(tasting_tray(cups=3))
