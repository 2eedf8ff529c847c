# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_wear_step() returns a jax.checkpoint step that applies the model with mutable batch_stats and parks the updates on the run's state box from inside the scan body
"""Overhead-line (catenary) wear estimation for a tram network inspection run.

A factory builds a rematerialised step function per inspection run; the run scans it over the
contact-wire spans measured by the pantograph camera.
"""
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class WireWearNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, span, train: bool):
        h = nn.Dense(self.hidden)(span)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(h))[..., 0]


def make_wear_step(model: nn.Module, box: dict[str, Any]):
    @jax.checkpoint
    def wear_step(variables, span):
        wear, updates = model.apply(variables, span, train=True, mutable=["batch_stats"])
        box["batch_stats"] = updates["batch_stats"]
        return wear

    return wear_step


class InspectionRun:
    def __init__(self, model: WireWearNet, variables):
        self.model = model
        self.variables = variables
        self.box: dict[str, Any] = {}
        self.step = make_wear_step(model, self.box)

    def run(self, spans):
        def body(total, span):
            wear = self.step(self.variables, span)
            return total + wear.sum(), wear

        total, per_span = jax.lax.scan(body, jnp.zeros(()), spans)
        self.variables = {**self.variables, "batch_stats": self.box["batch_stats"]}
        return total, per_span

    def replay(self, span):
        return self.model.apply(self.variables, span, train=False)


def main():
    model = WireWearNet()
    spans = jax.random.normal(jax.random.key(5), (10, 6, 4))
    variables = model.init(jax.random.key(0), spans[0], train=False)
    run = InspectionRun(model, variables)
    run.run(spans)
    run.replay(spans[0])
    return None
