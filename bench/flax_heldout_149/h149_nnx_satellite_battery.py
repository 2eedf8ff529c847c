# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'BatchNorm' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_orbit_step(graphdef, checkpointer) returns the scan step that merges the nnx state from the carry and hands the merged model to the checkpointer, which later calls .eval() on it
"""Satellite battery management: a state-of-charge estimator adapts its normalisation over the
orbits of a pass; the ground segment keeps the latest estimator to answer operator queries."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ChargeEstimator(nnx.Module):
    def __init__(self, sensors, rngs):
        self.proj = nnx.Linear(sensors, 12, rngs=rngs)
        self.norm = nnx.BatchNorm(12, rngs=rngs)
        self.soc = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, telemetry):
        return nnx.sigmoid(self.soc(nnx.relu(self.norm(self.proj(telemetry)))))[..., 0]


class Checkpointer:
    def __init__(self):
        self.latest = None

    def keep(self, model):
        self.latest = model

    def query(self, telemetry):
        self.latest.eval()
        return self.latest(telemetry)


def make_orbit_step(graphdef, checkpointer):
    def orbit_step(state, telemetry):
        model = nnx.merge(graphdef, state)
        soc = model(telemetry)
        checkpointer.keep(model)
        return nnx.state(model), soc.mean()

    return orbit_step


class GroundSegment:
    def __init__(self, sensors):
        self.estimator = ChargeEstimator(sensors, nnx.Rngs(0))
        self.checkpointer = Checkpointer()

    def process_pass(self, orbits):
        graphdef, state = nnx.split(self.estimator)
        state, soc = lax.scan(make_orbit_step(graphdef, self.checkpointer), state, orbits)
        return soc


def main():
    orbits = jax.random.normal(jax.random.key(0), (12, 6, 5))  # orbits, cells, sensors
    ground = GroundSegment(sensors=5)
    ground.process_pass(orbits)
    ground.checkpointer.query(orbits[-1])
    return None
