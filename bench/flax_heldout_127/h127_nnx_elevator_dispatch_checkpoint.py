# label: trace-context
# flax-error: TraceContextError: Cannot mutate Trips from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a jax.checkpoint-wrapped functools.partial binds a DispatchController's model, whose Trips variable the step bumps, and is called in the fori_loop body
"""Elevator group dispatch: scores car assignments over a morning rush, counting dispatch calls."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Trips(nnx.Variable):
    pass


class DispatchNet(nnx.Module):
    def __init__(self, n_cars, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_cars * 2, n_cars, rngs=rngs)
        self.trips = Trips(jnp.zeros((), jnp.int32))


def dispatch_step(model, car_state, call_floor):
    model.trips.value += 1
    feats = jnp.concatenate([car_state, jnp.abs(car_state - call_floor)])
    choice = jnp.argmax(model.score(feats))
    return car_state.at[choice].set(call_floor)


class DispatchController:
    def __init__(self, n_cars=4, seed=0):
        self.model = DispatchNet(n_cars, nnx.Rngs(seed))
        self.n_cars = n_cars


def build_stepper(controller):
    return jax.checkpoint(functools.partial(dispatch_step, controller.model))


def main():
    controller = DispatchController()
    step = build_stepper(controller)
    calls = jax.random.randint(jax.random.key(0), (20,), 0, 30).astype(jnp.float32)
    lax.fori_loop(0, calls.shape[0], lambda i, cars: step(cars, calls[i]), jnp.zeros(controller.n_cars))
    return None
