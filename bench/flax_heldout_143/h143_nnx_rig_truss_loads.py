# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'LoadModel' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 RigMediator passes the LoadModel to LoadMonitor, whose check() (called in the scan body) caches the last loads as an attribute on the model
"""Touring rig: check chain-hoist loads on a lighting truss as fixtures are flown in."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LoadModel(nnx.Module):
    def __init__(self, hoists: int, rngs: nnx.Rngs):
        self.distribute = nnx.Linear(hoists, hoists, rngs=rngs)
        self.last_loads = None

    def __call__(self, weights):
        return nnx.softplus(self.distribute(weights))


class LoadMonitor:
    def __init__(self):
        self.model = None

    def attach(self, model):
        self.model = model

    def check(self, weights):
        loads = self.model(weights)
        self.model.last_loads = loads  # debug aid for the rigger's console
        return loads.max()


class ConsoleView:
    def __init__(self):
        self.model = None

    def attach(self, model):
        self.model = model


class RigMediator:
    def __init__(self, model: LoadModel):
        self.model = model
        self.components = {}

    def register(self, name, component):
        component.attach(self.model)
        self.components[name] = component
        return component


def fly_in(mediator: RigMediator, cues):
    monitor = mediator.components["monitor"]

    def body(worst, weights):
        peak = monitor.check(weights)
        return jnp.maximum(worst, peak), peak

    return jax.lax.scan(body, jnp.zeros(()), cues)


def main():
    mediator = RigMediator(LoadModel(hoists=4, rngs=nnx.Rngs(8)))
    mediator.register("monitor", LoadMonitor())
    mediator.register("console", ConsoleView())
    cues = jnp.cumsum(jnp.full((6, 2, 4), 0.25), axis=0)
    worst, peaks = fly_in(mediator, cues)
    float(worst + peaks.mean())
    return None
