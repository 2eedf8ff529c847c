# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the local `turns` handle returned by self.variable in AgingRack.__call__ is written inside the fori_loop body
"""Cheese cave aging: a rack model tracks how often each wheel is turned over a ripening run."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class CaveSchedule:
    n_wheels: int = 5
    days: int = 10
    turn_threshold: float = 0.5


class AgingRack(nn.Module):
    schedule: CaveSchedule

    @nn.compact
    def __call__(self, wheels):
        turns = self.variable("ripening", "turns", jnp.zeros, (self.schedule.n_wheels,))
        rind = nn.sigmoid(nn.Dense(1, name="rind")(wheels)[:, 0])
        threshold = self.schedule.turn_threshold

        def one_day(day, moisture):
            flip = (moisture > threshold).astype(jnp.float32)
            turns.value = turns.value + flip
            return moisture * 0.97 - 0.01 * rind * (1.0 + flip)

        return fori_loop(0, self.schedule.days, one_day, jnp.full((self.schedule.n_wheels,), 0.6))


def ripening_run(rack, variables, wheels):
    moisture, state = rack.apply(variables, wheels, mutable=["ripening"])
    return moisture, state["ripening"]["turns"].astype(jnp.int32)


def main():
    schedule = CaveSchedule()
    wheels = jax.random.normal(jax.random.key(0), (schedule.n_wheels, 3))
    rack = AgingRack(schedule)
    variables = rack.init(jax.random.key(1), wheels)
    moisture, turns = ripening_run(rack, variables, wheels)
    (turns.sum() + moisture.sum()).block_until_ready()
    return None
