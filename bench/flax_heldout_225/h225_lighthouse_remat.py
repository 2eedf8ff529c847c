# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the LampCell params are first created inside the scan body through the checkpointed() wrapper around nn.remat
"""Lighthouse maintenance: a recurrent model of lamp wear over beam rotations."""
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class BeamConfig:
    features: int = 8
    rotations: int = 12
    sensors: int = 5


class LampCell(nn.Module):
    features: int

    @nn.compact
    def __call__(self, wear, reading):
        gate = nn.sigmoid(nn.Dense(self.features, name="gate")(reading))
        update = nn.tanh(nn.Dense(self.features, name="update")(wear))
        return gate * wear + (1.0 - gate) * update


def checkpointed(cell_cls: type[nn.Module]) -> Callable[..., nn.Module]:
    """Library helper: rematerialise a cell so long rotation logs fit in memory."""
    return nn.remat(cell_cls, prevent_cse=False)


class BeamWearModel(nn.Module):
    cfg: BeamConfig

    @nn.compact
    def __call__(self, readings):
        cell = checkpointed(LampCell)(self.cfg.features)

        def rotation(wear, reading):
            wear = cell(wear, reading)
            return wear, wear.mean()

        wear, _ = jax.lax.scan(rotation, jnp.zeros((self.cfg.features,)), readings)
        return nn.Dense(1, name="service_due")(wear)


class MaintenanceScheduler:
    def __init__(self, cfg: BeamConfig):
        self.cfg = cfg
        self.model = BeamWearModel(cfg)

    def fit_variables(self, readings, seed=0):
        return self.model.init(jax.random.key(seed), readings)

    def service_score(self, variables, readings):
        return self.model.apply(variables, readings)


def main():
    cfg = BeamConfig()
    readings = jnp.cos(jnp.arange(cfg.rotations * cfg.sensors, dtype=jnp.float32)).reshape(cfg.rotations, cfg.sensors)
    scheduler = MaintenanceScheduler(cfg)
    variables = scheduler.fit_variables(readings)
    score = scheduler.service_score(variables, readings)
    jax.block_until_ready(score)
    return None
