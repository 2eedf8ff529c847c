# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 scheduler.adapter.correction (an nnx module two objects deep) rewritten with nnx.update inside the scan body
"""Crop irrigation scheduling: a base soil model plus an online-corrected adapter plans watering."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class FieldConfig:
    zones: int = 4
    sensors: int = 5
    days: int = 7
    adapt_rate: float = 0.05


class SoilMoistureModel(nnx.Module):
    def __init__(self, sensors: int, zones: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(sensors, zones, rngs=rngs)

    def __call__(self, obs):
        return jax.nn.sigmoid(self.lin(obs))


class ResidualCorrection(nnx.Module):
    def __init__(self, zones: int):
        self.bias = nnx.Param(jnp.zeros((zones,)))

    def __call__(self, moisture):
        return jnp.clip(moisture + self.bias[...], 0.0, 1.0)


class SiteAdapter:
    def __init__(self, base: SoilMoistureModel, correction: ResidualCorrection):
        self.base = base
        self.correction = correction

    def predict(self, obs):
        return self.correction(self.base(obs))


class IrrigationScheduler:
    def __init__(self, cfg: FieldConfig, adapter: SiteAdapter):
        self.cfg = cfg
        self.adapter = adapter

    def plan(self, observations, measured):
        def day(water_used, inputs):
            obs, truth = inputs
            pred = self.adapter.predict(obs)
            state = nnx.state(self.adapter.correction, nnx.Param)
            state = jax.tree.map(lambda b: b + self.cfg.adapt_rate * (truth - pred), state)
            nnx.update(self.adapter.correction, state)
            return water_used + jnp.sum(jnp.maximum(0.6 - pred, 0.0)), pred

        return jax.lax.scan(day, jnp.zeros(()), (observations, measured))


def main():
    cfg = FieldConfig()
    key_obs, key_truth = jax.random.split(jax.random.key(23))
    observations = jax.random.normal(key_obs, (cfg.days, cfg.sensors))
    measured = jax.random.uniform(key_truth, (cfg.days, cfg.zones))
    adapter = SiteAdapter(SoilMoistureModel(cfg.sensors, cfg.zones, nnx.Rngs(0)), ResidualCorrection(cfg.zones))
    water, _ = IrrigationScheduler(cfg, adapter).plan(observations, measured)
    water.block_until_ready()
    return None
