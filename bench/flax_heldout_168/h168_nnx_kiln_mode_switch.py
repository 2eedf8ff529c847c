# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Dropout' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 fire_kiln's argument `controller` goes into the while_loop body directly, and the body switches it to eval() before each power decision
"""Ceramic kiln firing controller: ramps the kiln to cone temperature, one control tick per loop
iteration; the controller network is trained elsewhere with dropout and used here for firing."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FiringSchedule:
    cone_temperature: float = 1220.0
    ambient: float = 20.0
    max_ticks: int = 400
    heat_per_unit_power: float = 9.0


class PowerController(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(3, 16, rngs=rngs)
        self.dropout = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, observation):
        return nnx.sigmoid(self.out(self.dropout(nnx.relu(self.hidden(observation)))))[0]


def fire_kiln(controller: PowerController, schedule: FiringSchedule):
    target = schedule.cone_temperature

    def below_cone(state):
        tick, temperature = state
        return (tick < schedule.max_ticks) & (temperature < target)

    def control_tick(state):
        tick, temperature = state
        controller.eval()  # fire with the deterministic controller
        observation = jnp.stack([temperature / target, tick / schedule.max_ticks, 1.0])
        power = controller(observation)
        loss = 0.002 * (temperature - schedule.ambient)
        return tick + 1, temperature + schedule.heat_per_unit_power * power - loss

    ticks, final = lax.while_loop(below_cone, control_tick, (0, jnp.asarray(schedule.ambient)))
    return ticks, final


def main():
    controller = PowerController(rngs=nnx.Rngs(0, dropout=1))
    controller.train()
    ticks, final = fire_kiln(controller, FiringSchedule())
    int(ticks), float(final)
    return None
