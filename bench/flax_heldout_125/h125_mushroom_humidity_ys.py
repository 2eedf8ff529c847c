# label: ok
# flax-error: none
# class: 1 FruitingRoomController.__call__ runs the scan itself; the humidity of each hour leaves the body as the scan ys and is sown once after the loop
"""Mushroom farm climate: a fruiting-room controller drives misting valves hour by hour.

The controller records the humidity trajectory with `sow` so the crop report can plot it.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class FruitingRoomController(nn.Module):
    n_zones: int = 3
    target_rh: float = 0.9

    @nn.compact
    def __call__(self, sensor_log):
        drive = nn.Dense(self.n_zones, name="mist_valve")(sensor_log)
        leak = self.param("leak", nn.initializers.constant(-2.0), (self.n_zones,))

        def advance(humidity, mist):
            humidity = humidity + 0.05 * jnp.tanh(mist) - nn.sigmoid(leak) * (humidity - 0.7)
            return humidity, humidity

        final, hourly = jax.lax.scan(advance, jnp.full((self.n_zones,), 0.85), drive)
        self.sow("intermediates", "humidity", hourly)
        return jnp.abs(final - self.target_rh).mean()


class CropReport:
    def __init__(self, controller, params):
        self.run = functools.partial(controller.apply, {"params": params}, mutable=["intermediates"])

    def humidity_table(self, sensor_log):
        error, state = self.run(sensor_log)
        trace = jnp.concatenate(state["intermediates"]["humidity"])
        return error, trace.min(axis=0), trace.max(axis=0)


def main():
    sensor_log = jax.random.uniform(jax.random.key(0), (24, 4))
    controller = FruitingRoomController()
    variables = controller.init(jax.random.key(1), sensor_log)
    report = CropReport(controller, variables["params"])
    error, low, high = report.humidity_table(sensor_log)
    (high - low).block_until_ready()
    return None
