# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the dosing cell is wrapped in nn.remat and first called inside the raw scan body, so init creates its params inside the loop
"""Hydroponic nutrient dosing planner.

A recurrent dosing cell is rematerialised (nn.remat) to keep memory flat over
long greenhouse horizons; the planner scans it over the hourly sensor log.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class DosingConfig:
    n_nutrients: int = 4
    hidden: int = 12
    max_dose_ml: float = 5.0


class DosingCell(nn.Module):
    cfg: DosingConfig

    @nn.compact
    def __call__(self, state, reading):
        h = nn.tanh(nn.Dense(self.cfg.hidden)(jnp.concatenate([state, reading], -1)))
        state = nn.Dense(self.cfg.n_nutrients)(h)
        dose = self.cfg.max_dose_ml * nn.sigmoid(state)
        return state, dose


def checkpointed(cell_cls):
    """Project-wide helper: every recurrent cell is rematerialised."""
    return nn.remat(cell_cls)


class DosingPlanner(nn.Module):
    cfg: DosingConfig

    @nn.compact
    def __call__(self, log):  # log: (hours, n_nutrients)
        cell = checkpointed(DosingCell)(self.cfg, name="cell")

        def hour(state, reading):
            return cell(state, reading)

        _, doses = jax.lax.scan(hour, jnp.zeros(self.cfg.n_nutrients), log)
        return doses


def main():
    cfg = DosingConfig()
    log = jax.random.uniform(jax.random.key(6), (24, cfg.n_nutrients))
    planner = DosingPlanner(cfg)
    variables = planner.init(jax.random.key(0), log)
    doses = planner.apply(variables, log)
    print("total dose (ml)", doses.sum(axis=0))
