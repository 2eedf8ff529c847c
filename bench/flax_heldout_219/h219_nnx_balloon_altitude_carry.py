# label: ok
# flax-error: none
# class: 3 self.model on a FlightRecorder; the fori_loop body merges it from the carried state and returns nnx.state(merged) in the carry; the final carry is appended to self.snapshots, which restore() writes back with nnx.update
"""Hot-air balloon altitude: a burner model predicts the climb rate from the burner duty and
the air temperature; the flight recorder snapshots the model state at every leg so a flight
can be resumed from the last leg."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class BurnerModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.envelope = nnx.Linear(2, 6, rngs=rngs)
        self.climb = nnx.Linear(6, 1, rngs=rngs)
        self.burns = nnx.Variable(jnp.zeros(()))

    def __call__(self, duty, air_temp):
        self.burns[...] += duty
        x = jnp.stack([duty, air_temp / 30.0])
        return 2.0 * nnx.tanh(self.climb(nnx.relu(self.envelope(x))))[0]


class FlightRecorder:
    def __init__(self, seed=0):
        self.model = BurnerModel(nnx.Rngs(seed))
        self.snapshots = []

    def fly(self, duties, air_temp):
        graphdef, state = nnx.split(self.model)

        def leg(i, carry):
            altitude, state = carry
            model = nnx.merge(graphdef, state)
            altitude = altitude + model(duties[i], air_temp)
            return altitude, nnx.state(model)

        altitude, state = lax.fori_loop(0, duties.shape[0], leg, (jnp.asarray(300.0), state))
        self.snapshots.append(state)
        return altitude

    def restore(self):
        nnx.update(self.model, self.snapshots[-1])
        return self.model(jnp.asarray(0.5), jnp.asarray(15.0))


def main():
    recorder = FlightRecorder()
    recorder.fly(jnp.linspace(0.2, 0.9, 10), jnp.asarray(12.0))
    recorder.restore()
    return None
