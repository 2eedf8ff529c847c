# label: ok
# flax-error: none
# class: 3 FanScheduler.params with the telemetry collection threaded through the fori_loop carry via apply(..., mutable=["telemetry"])
"""Jet-fan scheduling for a road tunnel.

The controller maps CO / NOx / visibility readings of each tunnel section to fan duty and keeps an
exponential average of the airflow it asked for, which the control room reads after every shift.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclass(frozen=True)
class TunnelSpec:
    sections: int = 5
    sensors: int = 3
    fans: int = 4
    smoothing: float = 0.8


class VentilationController(nn.Module):
    spec: TunnelSpec

    @nn.compact
    def __call__(self, readings):
        airflow = self.variable("telemetry", "airflow", lambda: jnp.zeros(self.spec.fans))
        duty = nn.sigmoid(nn.Dense(self.spec.fans)(readings))
        if self.is_mutable_collection("telemetry"):
            a = self.spec.smoothing
            airflow.value = a * airflow.value + (1 - a) * duty.mean(axis=0)
        return duty


class FanScheduler:
    def __init__(self, model: VentilationController, variables):
        self.model = model
        self.params = variables["params"]
        self.telemetry = variables["telemetry"]

    def run_shift(self, readings):
        def tick(i, carry):
            energy, telemetry = carry
            duty, updates = self.model.apply(
                {"params": self.params, "telemetry": telemetry}, readings[i], mutable=["telemetry"]
            )
            return energy + jnp.sum(duty ** 3), updates["telemetry"]

        energy, self.telemetry = lax.fori_loop(
            0, readings.shape[0], tick, (jnp.zeros(()), self.telemetry)
        )
        return energy

    def report(self):
        airflow = self.telemetry["airflow"]
        return {"mean_airflow": jnp.mean(airflow), "peak_fan": jnp.argmax(airflow)}


def main():
    spec = TunnelSpec()
    model = VentilationController(spec)
    readings = jax.random.uniform(jax.random.key(5), (10, spec.sections, spec.sensors))
    variables = model.init(jax.random.key(0), readings[0])
    scheduler = FanScheduler(model, variables)
    energy = scheduler.run_shift(readings)
    summary = scheduler.report()
    jax.block_until_ready((energy, summary))
    return None
