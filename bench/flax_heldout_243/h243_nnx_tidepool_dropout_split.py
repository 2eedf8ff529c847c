# label: ok
# flax-error: none
# class: 3 DispersalRunner splits one key per tide from its own Rngs before the scan; the scan body calls self.model with each tide key from xs
from __future__ import annotations

from dataclasses import dataclass

import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


@dataclass(frozen=True)
class Outflow:
    pool: str
    velocity_cm_s: float
    turbidity: float


class LarvaeDispersal(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, settle_rate: float = 0.35):
        self.current = nnx.Linear(4, 6, rngs=rngs)
        self.settle = nnx.Dropout(settle_rate, rngs=rngs)

    def __call__(self, flow, *, key=None):
        return self.settle(nnx.sigmoid(self.current(flow)), rngs=key)


class DispersalRunner:
    def __init__(self, model: LarvaeDispersal, rngs: nnx.Rngs, tides: int = 5):
        self.model = model
        self.rngs = rngs
        self.tides = tides

    def features(self, outflow: Outflow):
        return jnp.array([outflow.velocity_cm_s / 50.0, outflow.turbidity, 1.0, 0.25], jnp.float32)

    def run(self, outflow: Outflow):
        flow = self.features(outflow)
        tide_keys = jax.random.split(self.rngs.dropout(), self.tides)

        def one_tide(carry, key):
            return carry, self.model(flow, key=key)

        _, settled = lax.scan(one_tide, jnp.float32(0.0), tide_keys)
        return settled


def main():
    model = LarvaeDispersal(nnx.Rngs(params=0, dropout=5))
    runner = DispersalRunner(model, nnx.Rngs(dropout=6))
    return runner.run(Outflow("rock-channel", velocity_cm_s=18.0, turbidity=0.3))
