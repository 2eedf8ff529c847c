# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 irrigation_plan's local nnx.Rngs goes straight into the scan body, which draws rngs.weather() on every day
"""Vineyard irrigation: the drip scheduler decides litres per vine row for each day of the
week under sampled weather (evapotranspiration) scenarios."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    rows: int = 6
    days: int = 7
    et_sd: float = 0.8


class DripScheduler(nnx.Module):
    def __init__(self, rows: int, rngs: nnx.Rngs):
        self.need = nnx.Linear(rows, rows, rngs=rngs)

    def __call__(self, soil_moisture, evapotranspiration):
        return nnx.relu(self.need(evapotranspiration - soil_moisture))


def irrigation_plan(scheduler: DripScheduler, soil_moisture, cfg: BlockConfig, seed: int):
    rngs = nnx.Rngs(weather=seed)

    def day(moisture, _):
        et = 4.0 + cfg.et_sd * jax.random.normal(rngs.weather(), (cfg.rows,))
        litres = scheduler(moisture, et)
        return jnp.clip(moisture + 0.1 * litres - 0.05 * et, 0.0, 1.0), litres

    _, litres = lax.scan(day, soil_moisture, None, length=cfg.days)
    return litres


def main():
    cfg = BlockConfig()
    scheduler = DripScheduler(cfg.rows, nnx.Rngs(0))
    return irrigation_plan(scheduler, jnp.full((cfg.rows,), 0.4), cfg, seed=2)
