# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a bound BatchNorm model kept by a FiringProfile that the KilnController holds reaches the scan body as controller.profile.model
"""Glaze kiln controller: predicts per-zone element power along a firing ramp.

The profile binds the encoder to its variables once so that the controller can call it like a
function inside the ramp simulation.
"""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class KilnConfig:
    zones: int = 6
    hidden: int = 16
    use_running_average: bool = False
    ramp_steps: int = 24


class ZoneEncoder(nn.Module):
    cfg: KilnConfig

    @nn.compact
    def __call__(self, temps):
        h = nn.Dense(self.cfg.hidden, name="embed")(temps / 1000.0)
        h = nn.BatchNorm(use_running_average=self.cfg.use_running_average, momentum=0.9)(h)
        return nn.Dense(self.cfg.zones, name="power")(nn.relu(h))


class FiringProfile:
    """Keeps a model bound to its variables for repeated evaluation along a ramp."""

    def __init__(self, model: nn.Module, variables):
        self.model = model.bind(variables)

    def power(self, temps):
        return self.model(temps[None, :])[0]


class KilnController:
    def __init__(self, cfg: KilnConfig, profile: FiringProfile):
        self.cfg = cfg
        self.profile = profile

    def simulate_ramp(self, setpoints):
        def step(temps, target):
            power = self.profile.power(temps)
            temps = temps + 0.05 * (target - temps) + 0.01 * power
            return temps, power

        start = jnp.full((self.cfg.zones,), 20.0)
        return lax.scan(step, start, setpoints)


def build_controller(cfg: KilnConfig, seed: int = 0) -> KilnController:
    model = ZoneEncoder(cfg)
    variables = model.init(jax.random.key(seed), jnp.full((4, cfg.zones), 20.0))
    return KilnController(cfg, FiringProfile(model, variables))


def main():
    cfg = KilnConfig()
    controller = build_controller(cfg)
    ramp = jnp.linspace(20.0, 1220.0, cfg.ramp_steps)[:, None] * jnp.ones((1, cfg.zones))
    final, power = controller.simulate_ramp(ramp)
    jax.block_until_ready((final, power))
    return None
