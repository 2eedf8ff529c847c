# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the generator room_handles(farm) yields room.session.bound (model.bind(variables)) for every grow room; the while_loop body of the driver calls the handle with train=True
"""Mushroom farm climate control: every grow room has a climate model that predicts the
humidity change from the misting duty cycle; the driver mists each room until it reaches
the target humidity, refreshing the model's normalisation on the way."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class ClimateModel(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(6)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return 2.0 * nn.tanh(nn.Dense(1)(nn.relu(h)))[..., 0]


class RoomSession:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)


@dataclasses.dataclass
class GrowRoom:
    name: str
    humidity: float
    session: RoomSession


class Farm:
    def __init__(self, model, variables, names):
        self.rooms = [GrowRoom(n, 70.0 + 3.0 * i, RoomSession(model, variables)) for i, n in enumerate(names)]


def room_handles(farm):
    for room in farm.rooms:
        yield room, room.session.bound


def mist_until(handle, humidity, target, duty, max_steps=20):
    def cond(state):
        step, h = state
        return (step < max_steps) & (h < target)

    def body(state):
        step, h = state
        x = jnp.stack([jnp.full((2,), duty), jnp.full((2,), h / 100.0)], -1)
        return step + 1, h + jnp.abs(handle(x, train=True)).mean() + 0.5

    return while_loop(cond, body, (0, jnp.asarray(humidity)))


def main():
    model = ClimateModel()
    variables = model.init(jax.random.key(0), jnp.ones((2, 2)))
    farm = Farm(model, variables, ["oyster", "shiitake", "enoki"])
    for room, handle in room_handles(farm):
        mist_until(handle, room.humidity, target=90.0, duty=0.6)
    return None
