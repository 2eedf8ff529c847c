# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the session splits service.controller.model; the scan body merges it and hands it to the session's snapshot hook
"""Desalination high-pressure pump: calibration sweep run inside a pump session."""
from __future__ import annotations

import contextlib

import jax
import jax.numpy as jnp
from flax import nnx


class PumpCurve(nnx.Module):
    def __init__(self, ports: int, rngs: nnx.Rngs):
        self.inlet = nnx.Linear(ports, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, momentum=0.7, rngs=rngs)
        self.head = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, bar):
        return self.head(jax.nn.tanh(self.norm(self.inlet(bar))))


class SnapshotHook:
    def __init__(self):
        self.latest = None
        self.calls = 0

    def on_step(self, pump: PumpCurve):
        self.latest = nnx.state(pump)
        self.calls += 1


class PumpController:
    def __init__(self, model: PumpCurve):
        self.model = model


class PlantService:
    def __init__(self, ports: int, seed: int):
        self.controller = PumpController(PumpCurve(ports, nnx.Rngs(seed)))


class PumpSession:
    def __init__(self, controller: PumpController, hook: SnapshotHook):
        self.controller = controller
        self.hook = hook

    def sweep(self, pressures):
        graphdef, state = nnx.split(self.controller.model)

        def step(carry, bar):
            state, energy = carry
            pump = nnx.merge(graphdef, state)
            flow = pump(bar)
            self.hook.on_step(pump)
            return (state, energy + jnp.abs(flow).sum()), flow.mean()

        (_, energy), flows = jax.lax.scan(step, (state, jnp.zeros(())), pressures)
        return energy, flows


@contextlib.contextmanager
def pump_session(service: PlantService):
    session = PumpSession(service.controller, SnapshotHook())
    yield session
    nnx.update(service.controller.model, session.hook.latest)


def main():
    pressures = jnp.broadcast_to(jnp.array([55.0, 60.0, 58.0]) / 60.0, (5, 4, 3))
    service = PlantService(ports=3, seed=0)
    with pump_session(service) as session:
        energy, flows = session.sweep(pressures)
    service.controller.model.eval()
    check = service.controller.model(pressures[0])
    jax.block_until_ready((energy, flows, check))
    return None
