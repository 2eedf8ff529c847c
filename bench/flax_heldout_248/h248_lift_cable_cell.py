# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[9,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the cable cell is built from a config name by a registry and reaches the scan body through the step closure made by make_step(); its first call happens there during init
"""Cable wear forecaster used by the ski-lift maintenance crew."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class ForecastConfig:
    cell: str = "tension"
    hidden: int = 6
    sensors: int = 3
    towers: int = 2
    horizon: int = 5
    seed: int = 0


class TensionCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, reading):
        z = nn.Dense(self.hidden, name="mix")(jnp.concatenate([h, reading], axis=-1))
        return jnp.tanh(z)


class SagCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, reading):
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(reading))
        candidate = nn.Dense(self.hidden, name="candidate")(reading)
        return gate * h + (1.0 - gate) * candidate


CELLS = {"tension": TensionCell, "sag": SagCell}


def build_cell(cfg: ForecastConfig) -> nn.Module:
    try:
        return CELLS[cfg.cell](hidden=cfg.hidden)
    except KeyError:
        raise ValueError(f"unknown cell {cfg.cell!r}; known: {sorted(CELLS)}") from None


def make_step(cell):
    def step(h, reading):
        h = cell(h, reading)
        return h, h.mean(axis=-1)

    return step


class WearForecaster(nn.Module):
    cfg: ForecastConfig

    def setup(self):
        self.cell = build_cell(self.cfg)
        self.readout = nn.Dense(1)

    def __call__(self, readings):
        h0 = jnp.zeros((readings.shape[1], self.cfg.hidden))
        h, trend = jax.lax.scan(make_step(self.cell), h0, readings)
        return self.readout(h).squeeze(-1), trend


class InspectionJob:
    def __init__(self, cfg: ForecastConfig):
        self.cfg = cfg
        self.model = WearForecaster(cfg)
        self.variables = None

    def prepare(self, readings):
        self.variables = self.model.init(jax.random.key(self.cfg.seed), readings)

    def run(self, readings):
        return self.model.apply(self.variables, readings)


def tower_readings(cfg: ForecastConfig):
    t = jnp.arange(cfg.horizon * cfg.towers * cfg.sensors, dtype=jnp.float32)
    return jnp.sin(0.3 * t).reshape(cfg.horizon, cfg.towers, cfg.sensors)


def main():
    cfg = ForecastConfig()
    readings = tower_readings(cfg)
    job = InspectionJob(cfg)
    job.prepare(readings)
    wear, trend = job.run(readings)
    jax.block_until_ready((wear, trend))
    return None
