# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_monitor_step factory (nn.remat cell, fallback wrapper) writes the updated "calibration" collection into a sink dict from the fori_loop body
"""Cold-chain monitor: flags temperature excursions in reefer containers, recalibrating sensor drift."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class MonitorConfig:
    sensors: int = 6
    readings_per_tick: int = 10
    ticks: int = 8
    alarm_threshold: float = 0.5


class ExcursionCell(nn.Module):
    @nn.compact
    def __call__(self, readings):
        drift = self.variable("calibration", "drift", jnp.zeros, readings.shape[-1:])
        drift.value = 0.9 * drift.value + 0.1 * readings.mean(0)
        h = nn.tanh(nn.Dense(8)(readings - drift.value))
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


RematExcursionCell = nn.remat(ExcursionCell)


def with_fallback(step):
    """Keep the loop alive if a step cannot be built for a malformed tick."""

    def guarded(i, carry):
        try:
            return step(i, carry)
        except (KeyError, IndexError):
            return carry

    return guarded


def make_monitor_step(model, variables, readings, config, sink):
    def step(i, alarms):
        risk, updates = model.apply(variables, readings[i], mutable=["calibration"])
        sink["calibration"] = updates["calibration"]
        return alarms + jnp.sum(risk > config.alarm_threshold)

    return step


def main():
    config = MonitorConfig()
    readings = 4.0 + jax.random.normal(
        jax.random.key(3), (config.ticks, config.readings_per_tick, config.sensors)
    )
    model = RematExcursionCell()
    variables = model.init(jax.random.key(0), readings[0])
    sink = {}
    step = with_fallback(make_monitor_step(model, variables, readings, config, sink))
    alarms = lax.fori_loop(0, config.ticks, step, jnp.zeros((), jnp.int32))
    # Persist the recalibrated drift for the container's next leg.
    drift = jnp.round(sink["calibration"]["drift"], 2)
    print("alarms", int(alarms), "drift", drift)
    return None
