# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the base simulator's scan merges the kiln model from the carried state and calls an after_step hook; the checkpointing subclass overrides it to keep nnx.state(model) on self, later restored with nnx.update
"""Ceramic kiln firing: simulates a firing schedule segment by segment.

The base simulator owns the loop (template method) and calls after_step after every
segment; the checkpointing simulator keeps a snapshot of the model state so that the
operator console can resume from where the simulation ended."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class HeatSoak(nnx.Variable):
    """Heat stored in the kiln walls, carried from one segment to the next."""


class KilnModel(nnx.Module):
    def __init__(self, n_zones, *, rngs):
        self.dyn = nnx.Linear(2 * n_zones + 1, n_zones, rngs=rngs)
        self.soak = HeatSoak(jnp.zeros(n_zones))

    def __call__(self, temps, setpoint):
        x = jnp.concatenate([temps / 1000.0, self.soak[...], setpoint[None] / 1000.0])
        delta = 50.0 * jnp.tanh(self.dyn(x))
        self.soak[...] = 0.9 * self.soak[...] + 0.1 * delta / 50.0
        return temps + delta


class FiringSimulator:
    def __init__(self, model):
        self.model = model

    def after_step(self, step, model):
        """Hook for subclasses, called after each schedule segment."""

    def simulate(self, temps0, setpoints):
        graphdef, state = nnx.split(self.model)

        def segment(carry, inp):
            temps, state = carry
            step, setpoint = inp
            model = nnx.merge(graphdef, state)
            temps = model(temps, setpoint)
            self.after_step(step, model)
            return (temps, nnx.state(model)), temps

        (temps, state), trace = lax.scan(
            segment, (temps0, state), (jnp.arange(setpoints.shape[0]), setpoints)
        )
        return trace


class CheckpointingSimulator(FiringSimulator):
    def __init__(self, model):
        super().__init__(model)
        self.snapshot = None

    def after_step(self, step, model):
        self.snapshot = nnx.state(model)

    def resume(self, temps, setpoint):
        nnx.update(self.model, self.snapshot)
        return self.model(temps, setpoint)


def main():
    n_zones = 4
    setpoints = jnp.linspace(200.0, 1220.0, 12)  # cone 6 ramp
    sim = CheckpointingSimulator(KilnModel(n_zones, rngs=nnx.Rngs(0)))
    trace = sim.simulate(jnp.full((n_zones,), 20.0), setpoints)
    temps = sim.resume(trace[-1], jnp.float32(1220.0))
    float(temps.mean())
    return None
