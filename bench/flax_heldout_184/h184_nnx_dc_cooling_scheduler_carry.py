# label: ok
# flax-error: none
# class: 4 the while_loop body in Scheduler.settle calls controller.propose, reached as Scheduler -> hall -> CoolingController; the setpoint travels in the loop state and is written to the SetpointLog after the loop
"""Data-centre cooling: a scheduler asks the hall's controller for chilled-water
setpoints until the hall temperature settles; the controller remembers the last
setpoint in a Variable subclass so the next request starts from it."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SetpointLog(nnx.Variable):
    pass


class CoolingController(nnx.Module):
    def __init__(self, n_sensors, rngs):
        self.policy = nnx.Linear(n_sensors + 1, 1, rngs=rngs)
        self.last_setpoint = SetpointLog(jnp.array(18.0))

    def propose(self, sensors, temperature, previous):
        features = jnp.concatenate([sensors, temperature[None] / 30.0])
        delta = jnp.tanh(self.policy(features))[0]
        return jnp.clip(previous + delta, 12.0, 24.0)


@dataclasses.dataclass
class Hall:
    name: str
    controller: CoolingController
    sensors: jax.Array


class Scheduler:
    def __init__(self, hall, max_rounds=25, tolerance=0.2):
        self.hall = hall
        self.max_rounds = max_rounds
        self.tolerance = tolerance

    def settle(self, temperature, target):
        def unsettled(state):
            rounds, temp, setpoint = state
            return (rounds < self.max_rounds) & (jnp.abs(temp - target) > self.tolerance)

        def adjust(state):
            rounds, temp, setpoint = state
            setpoint = self.hall.controller.propose(self.hall.sensors, temp, setpoint)
            return rounds + 1, temp + 0.3 * (setpoint - temp), setpoint

        start = self.hall.controller.last_setpoint[...]
        rounds, temp, setpoint = lax.while_loop(unsettled, adjust, (0, temperature, start))
        self.hall.controller.last_setpoint[...] = setpoint
        return rounds, temp


def main():
    controller = CoolingController(4, nnx.Rngs(0))
    hall = Hall("hall-B", controller, jax.random.uniform(jax.random.key(1), (4,)))
    rounds, temp = Scheduler(hall).settle(jnp.float32(27.0), target=21.0)
    float(temp)
    return None
