# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 WindFarmService -> itertools.chain over farms -> TurbineAdapter.predict closes over adapter.variables; apply in train mode inside the scan body
"""Yaw-misalignment tracker for a wind-farm SCADA service.

Every turbine has an adapter that owns a small Linen head and its variables. The
service walks all turbines of all farms and smooths the predicted yaw error over a
window of SCADA frames with a scan.
"""
import dataclasses
import itertools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class YawConfig:
    hidden: int = 16
    features: int = 5
    window: int = 6
    train_mode: bool = True  # the adapters were built by the fine-tuning job


class YawHead(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, *, train: bool):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))


class TurbineAdapter:
    def __init__(self, turbine_id, model, variables, config):
        self.turbine_id = turbine_id
        self.model = model
        self.variables = variables
        self.config = config

    def predict(self, frames):
        return self.model.apply(self.variables, frames, train=self.config.train_mode)


class WindFarm:
    def __init__(self, name, adapters):
        self.name = name
        self.adapters = adapters


class WindFarmService:
    def __init__(self, farms, config):
        self.farms = farms
        self.config = config

    def adapters(self):
        return itertools.chain.from_iterable(farm.adapters for farm in self.farms)

    def track_yaw(self, scada):
        report = {}
        for adapter in self.adapters():
            def step(offset, frame, adapter=adapter):
                err = adapter.predict(frame[None, :])[0, 0]
                return 0.9 * offset + 0.1 * err, err

            final, _ = lax.scan(step, jnp.zeros(()), scada)
            report[adapter.turbine_id] = float(final)
        return report


def build_service(config):
    model = YawHead(config.hidden)
    dummy = jnp.zeros((1, config.features))
    farms = []
    for f, name in enumerate(["north", "ridge"]):
        adapters = []
        for t in range(2):
            variables = model.init(jax.random.key(10 * f + t), dummy, train=False)
            adapters.append(TurbineAdapter(f"{name}-{t}", model, variables, config))
        farms.append(WindFarm(name, adapters))
    return WindFarmService(farms, config)


def main():
    config = YawConfig()
    service = build_service(config)
    scada = jax.random.normal(jax.random.key(99), (config.window, config.features))
    service.track_yaw(scada)
    return None
