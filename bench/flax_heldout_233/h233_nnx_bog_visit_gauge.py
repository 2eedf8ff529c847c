# label: trace-context
# flax-error: TraceContextError: Cannot mutate VisitCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 BogMoistureGauge.survey() owns the visit counter and runs the scan that updates it
"""Cranberry bog moisture survey: walks transects across a bog and tallies gauge visits."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class VisitCount(nnx.Variable):
    pass


class BogMoistureGauge(nnx.Module):
    def __init__(self, probes: int, rngs: nnx.Rngs):
        self.calibrate = nnx.Linear(probes, probes, rngs=rngs)
        self.visits = VisitCount(jnp.zeros((), jnp.int32))

    def survey(self, transects):
        def walk(driest, readings):
            moisture = jax.nn.sigmoid(self.calibrate(readings))
            self.visits[...] += 1
            return jnp.minimum(driest, moisture.min()), moisture.mean()

        return jax.lax.scan(walk, jnp.array(1.0), transects)


@dataclasses.dataclass
class SurveyCrew:
    gauge: BogMoistureGauge
    bog: str

    def morning_round(self, transects):
        driest, means = self.gauge.survey(transects)
        return {"bog": self.bog, "driest": driest, "means": means}


def main():
    transects = jnp.broadcast_to(jnp.array([0.31, 0.42, 0.28]), (5, 3))
    crew = SurveyCrew(BogMoistureGauge(3, nnx.Rngs(4)), bog="north-12")
    report = crew.morning_round(transects)
    jax.block_until_ready((report["driest"], report["means"], crew.gauge.visits[...]))
    return None
