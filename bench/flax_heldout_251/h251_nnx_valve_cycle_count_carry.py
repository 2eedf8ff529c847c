# label: ok
# flax-error: none
# class: 1 ValveController.run_cycles owns the `cycles` and `flow_total` variables, threads their values through its fori_loop carry and stores them after the loop
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

        def cycle(i, carry):
            delivered, count, total = carry
            opened = jax.nn.sigmoid(self.flow(demand - delivered)) * scale
            return delivered + 0.1 * opened, count + 1, total + opened

        start = (jnp.zeros_like(demand), self.cycles[...], self.flow_total[...])
        delivered, count, total = lax.fori_loop(0, schedule.cycles, cycle, start)
        self.cycles[...] = count
        self.flow_total[...] = total
        return delivered


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
