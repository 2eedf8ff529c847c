# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gravity" in "/remat(CheckpointGravityCell_0)" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step builder registered with @register_step and looked up in STEP_BUILDERS closes over the variables of an nn.remat-wrapped cell
"""Brewery fermentation tracking: hourly specific-gravity forecasts per fermenter tank."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

STEP_BUILDERS = {}


def register_step(name):
    def decorate(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return decorate


@dataclass(frozen=True)
class TankConfig:
    tanks: int = 4
    smoothing: float = 0.9


class GravityCell(nn.Module):
    cfg: TankConfig

    @nn.compact
    def __call__(self, reading):
        ema = self.variable("ema", "gravity", lambda: jnp.ones(self.cfg.tanks))
        ema.value = self.cfg.smoothing * ema.value + (1 - self.cfg.smoothing) * reading
        return ema.value - 0.01 * nn.softplus(nn.Dense(self.cfg.tanks)(ema.value))


class FermentationModel(nn.Module):
    cfg: TankConfig

    @nn.compact
    def __call__(self, reading):
        return nn.remat(GravityCell)(self.cfg)(reading)


@register_step("fermentation")
def build_fermentation_step(model, variables):
    def step(carry, reading):
        forecast = model.apply(variables, reading)
        attenuation = 1.0 - forecast
        return jnp.maximum(carry, attenuation), forecast

    return step


def run_batch(kind, model, variables, readings):
    step = STEP_BUILDERS[kind](model, variables)
    return jax.lax.scan(step, jnp.zeros(readings.shape[1]), readings)


def main():
    cfg = TankConfig()
    model = FermentationModel(cfg)
    readings = 1.05 - 0.002 * jnp.arange(48.0)[:, None] * jnp.ones((1, cfg.tanks))
    variables = model.init(jax.random.key(0), readings[0])
    run_batch("fermentation", model, variables, readings)
