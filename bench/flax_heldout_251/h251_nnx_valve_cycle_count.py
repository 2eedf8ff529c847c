# label: trace-context
# flax-error: TraceContextError: Cannot mutate CycleCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ValveController.run_cycles owns the `cycles` and `flow_total` variables and updates them inside its own fori_loop body
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CycleCount(nnx.Variable):
    pass


@dataclasses.dataclass(frozen=True)
class ValveSchedule:
    cycles: int = 6
    zones: int = 3
    pressure_kpa: float = 180.0


class ValveController(nnx.Module):
    def __init__(self, zones: int, *, rngs: nnx.Rngs):
        self.flow = nnx.Linear(zones, zones, rngs=rngs)
        self.cycles = CycleCount(jnp.zeros((), jnp.int32))
        self.flow_total = CycleCount(jnp.zeros((zones,)))

    def run_cycles(self, demand, schedule: ValveSchedule):
        scale = schedule.pressure_kpa / 200.0

        def cycle(i, delivered):
            opened = jax.nn.sigmoid(self.flow(demand - delivered)) * scale
            self.cycles[...] = self.cycles[...] + 1
            self.flow_total[...] = self.flow_total[...] + opened
            return delivered + 0.1 * opened

        return lax.fori_loop(0, schedule.cycles, cycle, jnp.zeros_like(demand))


class IrrigationDispatcher:
    def __init__(self, schedule: ValveSchedule, seed: int = 0):
        self.schedule = schedule
        self.controller = ValveController(schedule.zones, rngs=nnx.Rngs(seed))

    def dispatch(self, demand):
        delivered = self.controller.run_cycles(demand, self.schedule)
        return delivered, self.controller.cycles[...]


def main():
    dispatcher = IrrigationDispatcher(ValveSchedule())
    delivered, cycles = dispatcher.dispatch(jnp.array([0.6, 0.3, 0.9]))
    jax.block_until_ready((delivered, cycles))
    return None
