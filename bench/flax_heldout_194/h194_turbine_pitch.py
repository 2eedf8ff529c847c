# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the gust-rollout body reaches the BatchNorm policy through controller.session.predict, which applies without mutable
"""Wind-farm pitch control: replay a gust sequence through a learned pitch policy.

The policy normalises raw turbine telemetry with BatchNorm. The control loop runs
inside `lax.scan` so a whole gust trace is a single compiled program.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class PitchConfig:
    hidden: int = 16
    n_blades: int = 3
    n_turbines: int = 4
    max_pitch: float = 0.5


class PitchPolicy(nn.Module):
    cfg: PitchConfig

    @nn.compact
    def __call__(self, telemetry, train: bool = True):
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(telemetry)
        h = nn.relu(nn.Dense(self.cfg.hidden)(h))
        return 0.3 * nn.tanh(nn.Dense(self.cfg.n_blades)(h))


class PolicySession:
    """A deployed policy: the module plus the variables it was exported with."""

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.variables = variables

    def predict(self, telemetry):
        # adaptive normalisation: keep BatchNorm in training mode on site
        return self.model.apply(self.variables, telemetry, train=True)


class TurbineController:
    def __init__(self, session: PolicySession, cfg: PitchConfig):
        self.session = session
        self.cfg = cfg

    def rollout(self, gusts):
        def control_step(pitch, gust):
            telemetry = jnp.concatenate([gust, pitch], axis=-1)
            delta = self.session.predict(telemetry)
            pitch = jnp.clip(pitch + delta, -self.cfg.max_pitch, self.cfg.max_pitch)
            return pitch, jnp.mean(jnp.abs(delta))

        pitch0 = jnp.zeros((self.cfg.n_turbines, self.cfg.n_blades))
        return lax.scan(control_step, pitch0, gusts)


def main():
    cfg = PitchConfig()
    gusts = jax.random.normal(jax.random.key(3), (10, cfg.n_turbines, 5))
    model = PitchPolicy(cfg)
    sample = jnp.zeros((cfg.n_turbines, 5 + cfg.n_blades))
    variables = model.init(jax.random.key(0), sample)
    controller = TurbineController(PolicySession(model, variables), cfg)
    final_pitch, effort = controller.rollout(gusts)
    print("final pitch", final_pitch.mean(), "effort", effort.sum())
