# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_duty" in "/" because collection "misting" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step factory closes over the misting model and its variables; the while body calls the step, and the model records its last duty cycle with put_variable
"""Misting controller for a mushroom grow room: pulse the misters until humidity reaches the set point."""
from dataclasses import dataclass
from typing import Callable, NamedTuple

import jax
import jax.lax as lax
import jax.numpy as jnp
import flax.linen as nn


class MistingPolicy(nn.Module):
    nozzles: int = 3

    @nn.compact
    def __call__(self, humidity):
        duty = nn.sigmoid(nn.Dense(self.nozzles, name="nozzle_gain")(humidity))
        self.put_variable("misting", "last_duty", duty)
        return duty


@dataclass(frozen=True)
class RoomSetpoint:
    target_rh: float = 0.92
    max_pulses: int = 8
    gain: float = 0.04


class RoomState(NamedTuple):
    pulse: jnp.ndarray
    humidity: jnp.ndarray


def make_misting_step(model: MistingPolicy, variables, setpoint: RoomSetpoint) -> Callable:
    def step(state: RoomState) -> RoomState:
        duty = model.apply(variables, state.humidity)
        return RoomState(state.pulse + 1, state.humidity + setpoint.gain * duty)

    return step


class GrowRoom:
    def __init__(self, label: str, model: MistingPolicy, variables, setpoint: RoomSetpoint):
        self.label = label
        self.setpoint = setpoint
        self.step = make_misting_step(model, variables, setpoint)

    def humidify(self, humidity):
        sp = self.setpoint

        def below_target(state: RoomState):
            return (state.pulse < sp.max_pulses) & (state.humidity.mean() < sp.target_rh)

        return lax.while_loop(below_target, self.step, RoomState(jnp.asarray(0), humidity))


def main():
    model = MistingPolicy()
    humidity = jnp.array([0.71, 0.74, 0.69])
    variables = model.init(jax.random.key(4), humidity)
    room = GrowRoom("oyster-2", model, {"params": variables["params"]}, RoomSetpoint())
    final = room.humidify(humidity)
    jax.block_until_ready(final)
    return None
