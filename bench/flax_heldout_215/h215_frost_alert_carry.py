# label: ok
# flax-error: none
# class: 1 FrostAlertNet.__call__ owns the scan; self.variable('alerts', 'coldest') rides in the scan carry and is written after the loop
"""Orchard frost alerting: per-station frost flags from hourly sensor readings.

The network projects raw sensor readings to a canopy temperature estimate, then scans over the
night, flagging frost hours. The coldest temperature per station is carried through the scan and
stored in the 'alerts' collection once the scan has finished.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FrostAlertNet(nn.Module):
    frost_point: float = 0.0

    @nn.compact
    def __call__(self, readings):
        canopy = 4.0 * nn.Dense(1, name="canopy")(readings)[..., 0]
        coldest = self.variable("alerts", "coldest", lambda: jnp.full(canopy.shape[1:], jnp.inf))

        def hour(carry, temp):
            streak, low = carry
            low = jnp.minimum(low, temp)
            frost = temp < self.frost_point
            streak = jnp.where(frost, streak + 1, 0)
            return (streak, low), frost.astype(jnp.float32)

        init = (jnp.zeros(canopy.shape[1:], jnp.int32), coldest.value)
        (streak, low), flags = jax.lax.scan(hour, init, canopy)
        coldest.value = low
        return flags, streak


def night_readings(hours=10, stations=3):
    t = jnp.arange(hours, dtype=jnp.float32)[:, None]
    air = 3.0 - 0.6 * t + jnp.arange(stations, dtype=jnp.float32)[None, :]
    humidity = jnp.full((hours, stations), 0.8)
    return jnp.stack([air / 5.0, humidity, jnp.ones_like(air)], axis=-1)


def main():
    readings = night_readings()
    model = FrostAlertNet()
    variables = model.init(jax.random.key(0), readings)
    (flags, streak), state = model.apply(variables, readings, mutable=["alerts"])
    jax.block_until_ready((flags, streak, state))
    return None
