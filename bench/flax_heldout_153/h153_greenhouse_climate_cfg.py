# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "frame_ema" in "/" because collection "climate_ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the module and variables sit three frozen dataclasses down (cfg.control.policy); the scan body applies them with update_ema=True, which writes the immutable 'climate_ema' collection
"""Greenhouse climate control: a vent/heater policy sits inside a nested deployment config; the
controller rolls the policy over an hour of sensor frames and returns the actuator plan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class VentPolicy(nn.Module):
    n_actuators: int = 3

    @nn.compact
    def __call__(self, frame, update_ema: bool = False):
        ema = self.variable('climate_ema', 'frame_ema', lambda: jnp.zeros(frame.shape))
        smoothed = 0.9 * ema.value + 0.1 * frame
        if update_ema and not self.is_initializing():
            ema.value = smoothed
        return jax.nn.sigmoid(nn.Dense(self.n_actuators, name='actuators')(smoothed))


@dataclasses.dataclass(frozen=True)
class PolicyHandle:
    module: nn.Module
    variables: dict


@dataclasses.dataclass(frozen=True)
class ControlSection:
    policy: PolicyHandle
    horizon_minutes: int = 60


@dataclasses.dataclass(frozen=True)
class GreenhouseConfig:
    site: str
    control: ControlSection


class ClimateController:
    def __init__(self, cfg: GreenhouseConfig):
        self.cfg = cfg

    def plan(self, frames):
        def minute(prev_action, frame):
            handle = self.cfg.control.policy
            action = handle.module.apply(handle.variables, frame, update_ema=True)
            return action, action - prev_action

        first = jnp.zeros((self.cfg.control.policy.module.n_actuators,))
        _, deltas = jax.lax.scan(minute, first, frames)
        return deltas


def main():
    module = VentPolicy()
    variables = module.init(jax.random.key(3), jnp.zeros((5,)))
    cfg = GreenhouseConfig(site='bay-7', control=ControlSection(PolicyHandle(module, variables)))
    frames = jnp.cos(jnp.linspace(0.0, 4.0, cfg.control.horizon_minutes * 5)).reshape(-1, 5)
    deltas = ClimateController(cfg).plan(frames)
    jax.block_until_ready(deltas)
    return None
