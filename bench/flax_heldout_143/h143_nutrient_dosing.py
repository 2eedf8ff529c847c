# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 FarmController -> ZoneManager.sessions[(zone, rack)] -> DosingSession.bound (model.bind, training mode) called in the scan body
"""Nutrient dosing simulation for a hydroponic farm: one bound dosing network per grow zone."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class DosingConfig:
    features: int = 8
    horizon: int = 6
    train: bool = True
    gain: float = 0.1


class DosingNet(nn.Module):
    features: int

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.features, name="encode")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(readings.shape[-1], name="dose")(nn.relu(h))


class DosingSession:
    """Keeps a bound copy of the dosing net so callers can dose without threading variables."""

    def __init__(self, module: nn.Module, variables, train: bool):
        self.bound = module.bind(variables)
        self.train = train

    def dose(self, readings):
        return self.bound(readings, train=self.train)


class ZoneManager:
    def __init__(self, config: DosingConfig):
        self.config = config
        self.sessions: dict[tuple[str, int], DosingSession] = {}

    def open(self, zone: str, rack: int, module: nn.Module, variables) -> DosingSession:
        session = DosingSession(module, variables, self.config.train)
        self.sessions[(zone, rack)] = session
        return session


class FarmController:
    def __init__(self, config: DosingConfig):
        self.config = config
        self.zones = ZoneManager(config)

    def simulate(self, zone: str, rack: int, readings):
        session = self.zones.sessions[(zone, rack)]
        gain = self.config.gain

        def body(state, _):
            nxt = state + gain * session.dose(state)
            return nxt, jnp.mean(nxt)

        final, trace = jax.lax.scan(body, readings, None, length=self.config.horizon)
        return final, trace


def main():
    config = DosingConfig()
    module = DosingNet(config.features)
    readings = jnp.linspace(0.0, 1.0, 4 * 5).reshape(4, 5)
    variables = module.init(jax.random.key(0), readings, train=False)
    farm = FarmController(config)
    farm.zones.open("greenhouse-a", 3, module, variables)
    final, trace = farm.simulate("greenhouse-a", 3, readings)
    jax.block_until_ready((final, trace))
    return None
