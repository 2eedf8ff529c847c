# label: ok
# flax-error: none
# class: 4 the generator room_handles(farm) yields room.session.bound.unbind() for every grow room; the driver's while_loop carries batch_stats and applies the module with mutable=["batch_stats"]
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
        yield room, room.session.bound.unbind()


def mist_until(handle, humidity, target, duty, max_steps=20):
    module, variables = handle
    params = variables["params"]

    def cond(state):
        step, h, _ = state
        return (step < max_steps) & (h < target)

    def body(state):
        step, h, stats = state
        x = jnp.stack([jnp.full((2,), duty), jnp.full((2,), h / 100.0)], -1)
        delta, updates = module.apply(
            {"params": params, "batch_stats": stats}, x, train=True, mutable=["batch_stats"]
        )
        return step + 1, h + jnp.abs(delta).mean() + 0.5, updates["batch_stats"]

    return while_loop(cond, body, (0, jnp.asarray(humidity), variables["batch_stats"]))


def main():
    model = ClimateModel()
    variables = model.init(jax.random.key(0), jnp.ones((2, 2)))
    farm = Farm(model, variables, ["oyster", "shiitake", "enoki"])
    for room, handle in room_handles(farm):
        mist_until(handle, room.humidity, target=90.0, duty=0.6)
    return None
