# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "pad_mm" in "/" because collection "wear" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 the local `wear` variable of BrakeModel.__call__ goes straight into the while_loop body, which writes it in "service" mode
"""Emergency-stop simulation for the haulage drive: track brake pad wear per cabin."""

from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class StopState(NamedTuple):
    tick: jax.Array
    speed_ms: jax.Array
    distance_m: jax.Array


class BrakeModel(nn.Module):
    cabins: int = 3
    dt_s: float = 0.5
    mode: str = "service"

    def setup(self):
        self.pads = self.variable("wear", "pad_mm", lambda: jnp.full((self.cabins,), 12.0))
        self.grip = self.param("grip", nn.initializers.constant(1.6), (self.cabins,))

    def inspect(self, speed_ms):
        return jnp.minimum(self.pads.value, 12.0 * self.grip / 1.6).min() + 0.0 * speed_ms.sum()

    def __call__(self, speed_ms):
        wear, grip = self.pads, self.grip

        def moving(s: StopState):
            return jnp.any(s.speed_ms > 0.0) & (s.tick < 40)

        def brake(s: StopState) -> StopState:
            decel = grip * (wear.value / 12.0)
            speed = jnp.maximum(s.speed_ms - decel * self.dt_s, 0.0)
            if self.mode == "service":
                wear.value = wear.value - 0.002 * (s.speed_ms - speed)
            return s._replace(tick=s.tick + 1, speed_ms=speed, distance_m=s.distance_m + speed * self.dt_s)

        start = StopState(jnp.zeros((), jnp.int32), speed_ms, jnp.zeros_like(speed_ms))
        end = while_loop(moving, brake, start)
        return end.distance_m, end.tick


class DriveSupervisor:
    def __init__(self, model: BrakeModel):
        self.model = model

    def emergency_stop(self, speed_ms):
        variables = self.model.init(jax.random.key(2), speed_ms, method=BrakeModel.inspect)
        return self.model.apply(variables, speed_ms)


def main():
    supervisor = DriveSupervisor(BrakeModel())
    distance, ticks = supervisor.emergency_stop(jnp.array([6.0, 5.0, 4.5]))
    jax.block_until_ready((distance.max(), ticks))
    return None
