# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_leg_fn() returns a jax.checkpoint-wrapped leg that merges the carried nnx state and snapshots nnx.state(model) onto a Telemetry object, restored with nnx.update after the scan
"""Long-haul drift model for hot-air balloon expeditions.

Legs are rematerialised with jax.checkpoint to keep memory low on long
flights. The ground-crew display shows the model state after the most recent
leg, which the planner restores before the next forecast.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class DriftModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.wind = nnx.Linear(3, 3, rngs=rngs)
        self.norm = nnx.BatchNorm(3, momentum=0.8, rngs=rngs)

    def __call__(self, wind_obs):
        return self.norm(jnp.tanh(self.wind(wind_obs)))


class Telemetry:
    def __init__(self):
        self.last_state = None


def make_leg_fn(graphdef, telemetry: Telemetry):
    @jax.checkpoint
    def leg(state, wind_obs):
        model = nnx.merge(graphdef, state)
        drift = model(wind_obs)
        telemetry.last_state = nnx.state(model)
        return nnx.state(model), drift.mean()

    return leg


class ExpeditionPlanner:
    def __init__(self, model: DriftModel):
        self.model = model
        self.telemetry = Telemetry()

    def forecast(self, wind_legs):
        graphdef, state = nnx.split(self.model)
        leg = make_leg_fn(graphdef, self.telemetry)
        _, drifts = jax.lax.scan(leg, state, wind_legs)
        nnx.update(self.model, self.telemetry.last_state)
        return drifts

    def next_leg(self, wind_obs):
        return self.model(wind_obs)


def main():
    planner = ExpeditionPlanner(DriftModel(rngs=nnx.Rngs(0)))
    winds = jnp.cos(jnp.arange(6 * 4 * 3, dtype=jnp.float32).reshape(6, 4, 3) / 5.0)
    planner.forecast(winds)
    planner.next_leg(winds[-1])
    return None
