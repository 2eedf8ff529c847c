# label: ok
# flax-error: none
# class: 4 the fori_loop body in MaintenancePlanner gets the state of self.lift.model through its carry, merges it to call run_once, and the final state is put back after the loop
"""Bullwheel bearing temperature over an operating day, for ski-lift maintenance planning."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class RunCount(nnx.Variable):
    pass


class BullwheelModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.bearing = nnx.Linear(2, 2, rngs=rngs)
        self.runs = RunCount(jnp.zeros((), jnp.int32))

    def run_once(self, load):
        self.runs[...] += 1
        return 0.1 * jnp.tanh(self.bearing(load))


class Lift:
    def __init__(self, name: str, model: BullwheelModel):
        self.name = name
        self.model = model


class MaintenancePlanner:
    def __init__(self, lift: Lift, hours: int = 8):
        self.lift = lift
        self.hours = hours

    def simulate_day(self, load):
        graphdef, state = nnx.split(self.lift.model)

        def hour(i, carry):
            state, temperature = carry
            model = nnx.merge(graphdef, state)
            temperature = temperature + model.run_once(load)
            return nnx.state(model), temperature

        state, temperature = lax.fori_loop(0, self.hours, hour, (state, jnp.zeros(2)))
        nnx.update(self.lift.model, state)
        return temperature

    def needs_service(self, temperature):
        return (temperature > 0.5).any() | (self.lift.model.runs[...] > 1000)


def main():
    lift = Lift("north-chair", BullwheelModel(rngs=nnx.Rngs(6)))
    planner = MaintenancePlanner(lift)
    temperature = planner.simulate_day(jnp.array([0.7, 0.3], dtype=jnp.float32))
    jax.block_until_ready((temperature, planner.needs_service(temperature)))
    return None
