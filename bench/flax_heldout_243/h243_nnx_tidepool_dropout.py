# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body in DispersalRunner calls self.model, whose settle Dropout draws from the Rngs it was built with
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
    def __init__(self, model: LarvaeDispersal, tides: int = 5):
        self.model = model
        self.tides = tides

    def features(self, outflow: Outflow):
        return jnp.array([outflow.velocity_cm_s / 50.0, outflow.turbidity, 1.0, 0.25], jnp.float32)

    def run(self, outflow: Outflow):
        flow = self.features(outflow)

        def one_tide(carry, _):
            return carry, self.model(flow)

        _, settled = lax.scan(one_tide, jnp.float32(0.0), None, length=self.tides)
        return settled


def main():
    model = LarvaeDispersal(nnx.Rngs(params=0, dropout=5))
    runner = DispersalRunner(model)
    return runner.run(Outflow("rock-channel", velocity_cm_s=18.0, turbidity=0.3))
