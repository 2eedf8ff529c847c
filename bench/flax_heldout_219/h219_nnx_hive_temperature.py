# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 HiveMonitor reaches the model as self.apiary.hives[hive_id].sensor.model inside the scan body; the model is left in train mode, so its nnx.BatchNorm updates batch statistics
"""Beehive brood temperature: each hive has a sensor board whose model corrects the raw
thermistor readings; the monitor replays a day of readings to estimate brood temperature."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ThermistorModel(nnx.Module):
    def __init__(self, n_probes, rngs: nnx.Rngs):
        self.mix = nnx.Linear(n_probes, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, readings):
        return self.out(nnx.relu(self.norm(self.mix(readings))))[..., 0]


@dataclasses.dataclass
class SensorBoard:
    serial: str
    model: ThermistorModel


@dataclasses.dataclass
class Hive:
    name: str
    sensor: SensorBoard


class Apiary:
    def __init__(self, names, n_probes=5, seed=0):
        rngs = nnx.Rngs(seed)
        self.hives = {n: Hive(n, SensorBoard(f"SB-{i:03d}", ThermistorModel(n_probes, rngs))) for i, n in enumerate(names)}


class HiveMonitor:
    def __init__(self, apiary):
        self.apiary = apiary

    def brood_temperature(self, hive_id, readings):
        def body(temp, batch):
            corrected = self.apiary.hives[hive_id].sensor.model(batch)
            temp = 0.8 * temp + 0.2 * (34.5 + corrected.mean())
            return temp, temp

        return lax.scan(body, jnp.asarray(34.5), readings)


def main():
    apiary = Apiary(["north", "south"])
    readings = 0.1 * jax.random.normal(jax.random.key(8), (24, 3, 5))
    HiveMonitor(apiary).brood_temperature("south", readings)
    return None
