# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 FrostAlertNet.__call__ owns the scan and writes self.variable('alerts', 'coldest') inside its body
"""Orchard frost alerting: per-station frost flags from hourly sensor readings.

The network projects raw sensor readings to a canopy temperature estimate, then scans over the
night, flagging frost hours and keeping the coldest temperature seen per station in the
'alerts' collection for the grower report.
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

        def hour(streak, temp):
            coldest.value = jnp.minimum(coldest.value, temp)
            frost = temp < self.frost_point
            streak = jnp.where(frost, streak + 1, 0)
            return streak, frost.astype(jnp.float32)

        streak, flags = jax.lax.scan(hour, jnp.zeros(canopy.shape[1:], jnp.int32), canopy)
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
