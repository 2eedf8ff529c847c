# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DosingService.calibrate -> self.pool (SessionPool) -> Session.model is assigned the module nnx.merge'd inside the scan body and later served
"""Greenhouse nutrient dosing: a service keeps one calibrated dosing model per greenhouse bay
in a pool of sessions; calibration streams sensor readings through the model."""
import jax
import jax.numpy as jnp
from flax import nnx


class RunningMean(nnx.Variable):
    pass


class DosingModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.center = RunningMean(jnp.zeros(3))
        self.dose = nnx.Linear(3, 2, rngs=rngs)

    def calibrate(self, reading):
        self.center[...] = 0.9 * self.center[...] + 0.1 * reading

    def __call__(self, reading):
        return nnx.softplus(self.dose(reading - self.center[...]))


class Session:
    def __init__(self, model):
        self.model = model


class SessionPool:
    def __init__(self, bays, seed=0):
        self.sessions = {bay: Session(DosingModel(rngs=nnx.Rngs(seed + i)))
                         for i, bay in enumerate(bays)}

    def __getitem__(self, bay):
        return self.sessions[bay]


class DosingService:
    def __init__(self, pool):
        self.pool = pool

    def calibrate(self, bay, readings):
        session = self.pool[bay]
        graphdef, state = nnx.split(session.model)

        def absorb(state, reading):
            model = nnx.merge(graphdef, state)
            model.calibrate(reading)
            session.model = model  # keep the freshest calibration around
            return nnx.state(model), None

        jax.lax.scan(absorb, state, readings)

    def serve(self, bay, reading):
        return self.pool[bay].model(reading)


def main():
    service = DosingService(SessionPool(["bay-a", "bay-b"]))
    readings = jax.random.normal(jax.random.key(9), (16, 3)) + 2.0
    service.calibrate("bay-a", readings)
    service.serve("bay-a", readings[-1]).block_until_ready()
    return None
