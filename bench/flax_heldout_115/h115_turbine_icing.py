# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "windows_seen" in "/remat(cell)" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 IcingTrainer reads self.config.model (a frozen dataclass holding the Linen model) and calls .apply in the scan body; the nn.remat cell inside bumps its "counters" collection
"""Wind turbine icing detection: blade-sensor windows scored for ice accretion, one window per scan step."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn


class IcingCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        calls = self.variable("counters", "windows_seen", lambda: jnp.zeros((), jnp.int32))
        calls.value = calls.value + 1
        return nn.tanh(nn.Dense(self.hidden)(x))


class IcingDetector(nn.Module):
    hidden: int = 10

    @nn.compact
    def __call__(self, window):
        h = nn.remat(IcingCell)(self.hidden, name="cell")(window)
        return nn.sigmoid(nn.Dense(1, name="ice_prob")(h.mean(axis=0)))[0]


@dataclass(frozen=True)
class IcingTrainerConfig:
    model: nn.Module = field(default_factory=IcingDetector)
    alarm_threshold: float = 0.7


class IcingTrainer:
    def __init__(self, config: IcingTrainerConfig, variables):
        self.config = config
        self.variables = variables

    def alarms(self, windows):
        def step(count, window):
            p = self.config.model.apply(self.variables, window)
            return count + (p > self.config.alarm_threshold).astype(jnp.int32), p

        return jax.lax.scan(step, jnp.zeros((), jnp.int32), windows)


def main():
    windows = jax.random.normal(jax.random.key(0), (6, 16, 4))  # windows, samples, (strain, vib, temp, rpm)
    config = IcingTrainerConfig()
    variables = config.model.init(jax.random.key(1), windows[0])
    trainer = IcingTrainer(config, variables)
    jax.block_until_ready(trainer.alarms(windows))
    return None
