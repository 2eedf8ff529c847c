# label: ok
# flax-error: none
# class: 3 the scan body is a WellRunner method that merges the model from the carry; its BatchStat state leaves as ys and the runner files the last one in its snapshots dict after the scan
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
        return nnx.state(model), (out.mean(), nnx.state(model, nnx.BatchStat))

    def run(self, batches):
        self.state, (means, history) = lax.scan(self._step, self.state, batches)
        self.snapshots[self.well] = jax.tree.map(lambda per_step: per_step[-1], history)
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
