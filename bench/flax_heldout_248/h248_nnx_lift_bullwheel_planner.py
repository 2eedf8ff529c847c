# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body in MaintenancePlanner reaches the bullwheel model through self.lift.model and calls run_once, which bumps its run counter
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
        def hour(i, temperature):
            return temperature + self.lift.model.run_once(load)

        return lax.fori_loop(0, self.hours, hour, jnp.zeros(2))

    def needs_service(self, temperature):
        return (temperature > 0.5).any() | (self.lift.model.runs[...] > 1000)


def main():
    lift = Lift("north-chair", BullwheelModel(rngs=nnx.Rngs(6)))
    planner = MaintenancePlanner(lift)
    temperature = planner.simulate_day(jnp.array([0.7, 0.3], dtype=jnp.float32))
    jax.block_until_ready((temperature, planner.needs_service(temperature)))
    return None
