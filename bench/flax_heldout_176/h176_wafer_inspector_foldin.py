# label: ok
# flax-error: none
# class: 5 the inspector wraps its noise head in nn.remat chosen by a frozen config; the scan body calls the rematerialised head, which folds the pass index into self.make_rng
"""Semiconductor wafer inspection.

The inspector simulates several optical passes over a die map; each pass adds sensor noise
through a head that is rematerialised to keep activation memory low on large wafers.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class InspectionConfig:
    passes: int = 5
    dies: int = 16
    remat: bool = True
    noise_scale: float = 0.05


class SensorNoiseHead(nn.Module):
    scale: float

    @nn.compact
    def __call__(self, die_map, pass_index):
        defects = nn.sigmoid(nn.Dense(die_map.shape[-1])(die_map))
        key = jax.random.fold_in(self.make_rng("sensor"), pass_index)
        noise = jax.random.normal(key, defects.shape)
        return defects + self.scale * noise


class WaferInspector(nn.Module):
    config: InspectionConfig

    def setup(self):
        head_cls = nn.remat(SensorNoiseHead) if self.config.remat else SensorNoiseHead
        self.head = head_cls(self.config.noise_scale)

    def warmup(self, die_map):
        return self.head(die_map, 0)

    def __call__(self, die_map):
        def body(carry, pass_index):
            reading = self.head(die_map, pass_index)
            return carry + reading, reading

        _, readings = jax.lax.scan(body, jnp.zeros_like(die_map), jnp.arange(self.config.passes))
        return readings


class InspectionJob:
    def __init__(self, config, seed):
        self.model = WaferInspector(config)
        self.seed = seed

    def run(self, die_map):
        params_key, sensor_key, run_key = jax.random.split(jax.random.key(self.seed), 3)
        variables = self.model.init(
            {"params": params_key, "sensor": sensor_key}, die_map, method=WaferInspector.warmup)
        return self.model.apply(variables, die_map, rngs={"sensor": run_key})


def main():
    config = InspectionConfig()
    die_map = jax.random.uniform(jax.random.key(0), (config.dies,))
    return InspectionJob(config, seed=3).run(die_map)
