# label: ok
# flax-error: none
# class: 1 PanelLoadModel.accumulate owns a PressureTotal (an nnx.Variable subclass) and runs lax.fori_loop itself; the total is part of the carry and written to self.total after the loop
"""Saddlery: integrates the load a saddle's panels put on the horse's back over a sequence
of pressure-mat frames, keeping the running total on the model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class PressureTotal(nnx.Variable):
    """Accumulated panel load (newton-seconds); not trained, not a batch statistic."""


class PanelLoadModel(nnx.Module):
    def __init__(self, n_sensors, rngs: nnx.Rngs):
        self.calibration = nnx.Linear(n_sensors, 2, rngs=rngs)  # left / right panel
        self.total = PressureTotal(jnp.zeros(2))

    def panel_load(self, frame):
        return nnx.softplus(self.calibration(frame)).sum(axis=0)

    def accumulate(self, frames, dt):
        def body(i, carry):
            peak, total = carry
            load = self.panel_load(frames[i]) * dt
            return jnp.maximum(peak, load.max()), total + load

        peak, total = fori_loop(0, frames.shape[0], body, (jnp.zeros(()), self.total[...]))
        self.total[...] = total
        return peak


class RideSession:
    def __init__(self, model):
        self.model = model

    def record(self, frames, hz=20.0):
        peak = self.model.accumulate(frames, 1.0 / hz)
        return peak, self.model.total[...]


def main():
    frames = jax.random.uniform(jax.random.key(0), (10, 4, 8))  # 10 frames, 4 rows, 8 sensors
    RideSession(PanelLoadModel(8, nnx.Rngs(0))).record(frames)
    return None
