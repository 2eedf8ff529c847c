# label: ok
# flax-error: none
# class: 2 run_lamp_cycle's locals model and variables go straight into the while_loop body, applied with train=False so the batch_stats are only read
"""Lighthouse maintenance: track the drift of a lamp's photometer readings through one night.

A keeper's station logs photometer readings every rotation; the drift model normalises them
with batch statistics and flags when the lamp output falls below the notice-to-mariners limit.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class LampConfig:
    rotations: int = 6
    sensors: int = 5
    threshold: float = 0.2


class DriftModel(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(8)(readings)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


def run_lamp_cycle(model: DriftModel, variables, readings, config: LampConfig, train: bool):
    def keep_going(state):
        i, _, _ = state
        return i < config.rotations

    def rotation(state):
        i, drift_sum, alarms = state
        drift = model.apply(variables, readings[i][None], train=train)[0]
        return i + 1, drift_sum + drift, alarms + (drift < config.threshold).astype(jnp.int32)

    _, drift_sum, alarms = lax.while_loop(keep_going, rotation, (0, jnp.zeros(()), jnp.zeros((), jnp.int32)))
    return drift_sum / config.rotations, alarms


def main():
    config = LampConfig()
    readings = jax.random.normal(jax.random.key(21), (config.rotations, config.sensors))
    model = DriftModel()
    variables = model.init(jax.random.key(0), readings[:1], train=False)
    mean_drift, alarms = run_lamp_cycle(model, variables, readings, config, train=False)
    print("mean drift", float(mean_drift), "alarms", int(alarms))
    return None


if __name__ == "__main__":
    main()
