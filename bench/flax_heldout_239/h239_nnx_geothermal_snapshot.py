# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body is a WellRunner method that merges the model from the carry and stores its BatchStat state in the runner's snapshots dict
"""Brine temperature normaliser retrained per production well."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class TemperatureNormaliser(nnx.Module):
    def __init__(self, depths: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(depths, depths, rngs=rngs)
        self.norm = nnx.BatchNorm(depths, momentum=0.9, rngs=rngs)

    def __call__(self, temps):
        return self.norm(self.mix(temps))


class WellRunner:
    def __init__(self, well: str, model: TemperatureNormaliser):
        self.well = well
        self.graphdef, self.state = nnx.split(model)
        self.snapshots: dict[str, nnx.State] = {}

    def _step(self, state, temps):
        model = nnx.merge(self.graphdef, state)
        model.train()
        out = model(temps)
        self.snapshots[self.well] = nnx.state(model, nnx.BatchStat)
        return nnx.state(model), out.mean()

    def run(self, batches):
        self.state, means = lax.scan(self._step, self.state, batches)
        return means


class ServingModel:
    def __init__(self, model: TemperatureNormaliser):
        self.model = model
        self.model.eval()

    def publish(self, stats: nnx.State):
        nnx.update(self.model, stats)

    def __call__(self, temps):
        return self.model(temps)


def main():
    depths = 4
    trained = TemperatureNormaliser(depths, rngs=nnx.Rngs(0))
    serving = ServingModel(TemperatureNormaliser(depths, rngs=nnx.Rngs(0)))
    runner = WellRunner("KR-12", trained)
    temps = jnp.broadcast_to(jnp.array([1.8, 2.1, 2.4, 2.9]), (5, 6, depths))
    means = runner.run(temps)
    serving.publish(runner.snapshots["KR-12"])
    out = serving(temps[0])
    jax.block_until_ready((means, out))
    return None
