# label: ok
# flax-error: none
# class: 4 SnowmakingScheduler pops SnowTask objects from a heapq; task.run() reaches task.gun.model / task.gun.variables and carries the "state" collection through the while_loop with mutable=["state"]
"""Ski-resort snowmaking scheduler.

Snow guns are queued by priority (trail opening time). Each task adjusts the
water/air ratio of its gun until the predicted snow quality settles. The gun
model keeps an exponential moving average of nozzle pressure in a "state"
collection.
"""
import dataclasses
import heapq
import itertools

import jax
import jax.numpy as jnp
from flax import linen as nn


class NozzleModel(nn.Module):
    @nn.compact
    def __call__(self, conditions, track_pressure: bool = True):
        ema = self.variable("state", "pressure_ema", lambda: jnp.zeros(()))
        if track_pressure and not self.is_initializing():
            ema.value = 0.95 * ema.value + 0.05 * conditions[0]
        h = nn.tanh(nn.Dense(8)(conditions))
        return nn.Dense(1)(h)[0] + 0.01 * ema.value


class SnowGun:
    def __init__(self, gun_id, model, variables):
        self.gun_id = gun_id
        self.model = model
        self.variables = variables


@dataclasses.dataclass(order=True)
class SnowTask:
    priority: int
    seq: int
    gun: SnowGun = dataclasses.field(compare=False)
    wet_bulb: float = dataclasses.field(compare=False, default=-4.0)

    def run(self):
        gun = self.gun
        params = gun.variables["params"]

        def cond(state):
            i, ratio, quality, _ = state
            return (i < 20) & (jnp.abs(quality - 0.5) > 1e-3)

        def body(state):
            i, ratio, quality, gun_state = state
            conditions = jnp.array([3.0 + ratio, self.wet_bulb, ratio])
            quality, updates = gun.model.apply(
                {"params": params, "state": gun_state}, conditions, mutable=["state"])
            return i + 1, ratio - 0.1 * (quality - 0.5), quality, updates["state"]

        init = (0, jnp.float32(1.0), jnp.float32(0.0), gun.variables["state"])
        i, ratio, quality, gun_state = jax.lax.while_loop(cond, body, init)
        gun.variables = {"params": params, "state": gun_state}
        return ratio


class SnowmakingScheduler:
    def __init__(self):
        self.queue = []
        self._seq = itertools.count()

    def submit(self, gun, priority, wet_bulb):
        heapq.heappush(self.queue, SnowTask(priority, next(self._seq), gun, wet_bulb))

    def drain(self):
        done = {}
        while self.queue:
            task = heapq.heappop(self.queue)
            done[task.gun.gun_id] = task.run()
        return done


def main():
    model = NozzleModel()
    variables = model.init(jax.random.key(0), jnp.zeros(3))
    scheduler = SnowmakingScheduler()
    scheduler.submit(SnowGun("gun-A", model, variables), priority=2, wet_bulb=-5.0)
    scheduler.submit(SnowGun("gun-B", model, variables), priority=1, wet_bulb=-3.0)
    scheduler.drain()
    return None
