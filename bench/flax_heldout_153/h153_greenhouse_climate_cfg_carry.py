# label: ok
# flax-error: none
# class: 4 the module and params sit three frozen dataclasses down (cfg.control.policy); the scan carry threads 'climate_ema' into apply(update_ema=True, mutable=['climate_ema']) and out again
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
        def minute(carry, frame):
            prev_action, ema = carry
            handle = self.cfg.control.policy
            variables = {'params': handle.variables['params'], 'climate_ema': ema}
            action, updated = handle.module.apply(variables, frame, update_ema=True,
                                                  mutable=['climate_ema'])
            return (action, updated['climate_ema']), action - prev_action

        first = jnp.zeros((self.cfg.control.policy.module.n_actuators,))
        ema0 = self.cfg.control.policy.variables['climate_ema']
        _, deltas = jax.lax.scan(minute, (first, ema0), frames)
        return deltas


def main():
    module = VentPolicy()
    variables = module.init(jax.random.key(3), jnp.zeros((5,)))
    cfg = GreenhouseConfig(site='bay-7', control=ControlSection(PolicyHandle(module, variables)))
    frames = jnp.cos(jnp.linspace(0.0, 4.0, cfg.control.horizon_minutes * 5)).reshape(-1, 5)
    deltas = ClimateController(cfg).plan(frames)
    jax.block_until_ready(deltas)
    return None
