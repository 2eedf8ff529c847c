# label: ok
# flax-error: none
# class: 5 select_step picks the adaptive step by if/else on the frozen config; the step it returns applies the model with adapt=True and mutable 'calib', carrying the calibration through the fori_loop
"""Vineyard drip irrigation: soil-moisture model with an on-line sensor calibration."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class SoilMoistureNet(nn.Module):
    n_probes: int = 5

    @nn.compact
    def __call__(self, readings, adapt: bool = False):
        offset = self.variable("calib", "offset", jnp.zeros, (self.n_probes,))
        if adapt and not self.is_initializing():
            offset.value = 0.95 * offset.value + 0.05 * readings.mean(axis=0)
        x = readings - offset.value
        return nn.sigmoid(nn.Dense(1)(nn.relu(nn.Dense(12)(x)))).squeeze(-1)


@dataclass(frozen=True)
class IrrigationConfig:
    strategy: str = "adaptive"
    n_blocks: int = 8
    litres_per_unit: float = 40.0


def make_fixed_step(model, variables, cfg, readings):
    def step(i, carry):
        litres, calib = carry
        dryness = model.apply(variables, readings[i])
        return litres.at[i].set(cfg.litres_per_unit * dryness.mean()), calib
    return step


def make_adaptive_step(model, variables, cfg, readings):
    params = variables["params"]

    def step(i, carry):
        litres, calib = carry
        dryness, updates = model.apply(
            {"params": params, "calib": calib}, readings[i], adapt=True, mutable=["calib"]
        )
        return litres.at[i].set(cfg.litres_per_unit * dryness.mean()), updates["calib"]
    return step


def select_step(cfg, model, variables, readings):
    if cfg.strategy == "adaptive":
        return make_adaptive_step(model, variables, cfg, readings)
    else:
        return make_fixed_step(model, variables, cfg, readings)


def main():
    cfg = IrrigationConfig()
    readings = jax.random.uniform(jax.random.key(0), (cfg.n_blocks, 7, 5))  # blocks x rows x probes
    model = SoilMoistureNet()
    variables = model.init(jax.random.key(1), readings[0])
    step = select_step(cfg, model, variables, readings)
    init = (jnp.zeros((cfg.n_blocks,)), variables["calib"])
    schedule, calib = lax.fori_loop(0, cfg.n_blocks, step, init)
    print("litres per block", schedule, "probe offsets", calib["offset"])
    return None
