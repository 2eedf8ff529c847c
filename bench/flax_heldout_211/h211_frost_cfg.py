# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 service.runner.step applies runner.model with runner.cfg.train from a frozen config left at True, inside the while_loop body
"""Vineyard frost alerts: step the canopy-temperature forecast hour by hour until the risk crosses the alert line."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


@dataclass(frozen=True)
class FrostConfig:
    train: bool = True  # left on from the spring fine-tuning job
    threshold: float = 0.6
    max_hours: int = 10
    cooling_per_hour: float = 0.3


class FrostRiskNet(nn.Module):
    @nn.compact
    def __call__(self, canopy, train: bool = False):
        h = nn.Dense(16)(canopy)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.relu(h))[..., 0]


class SensorRunner:
    def __init__(self, model, variables, cfg: FrostConfig):
        self.model = model
        self.variables = variables
        self.cfg = cfg

    def step(self, canopy):
        return jax.nn.sigmoid(self.model.apply(self.variables, canopy, train=self.cfg.train))


class FrostAlertService:
    def __init__(self, runner):
        self.runner = runner

    def hours_until_alert(self, canopy):
        cfg = self.runner.cfg

        def cond(state):
            hour, _, risk = state
            return (hour < cfg.max_hours) & (risk.max() < cfg.threshold)

        def body(state):
            hour, canopy, _ = state
            risk = self.runner.step(canopy)
            return hour + 1, canopy - cfg.cooling_per_hour, risk

        hour, _, _ = while_loop(cond, body, (0, canopy, jnp.zeros(canopy.shape[0])))
        return hour


def main():
    canopy = jax.random.normal(jax.random.key(9), (8, 4)) + 2.0
    model = FrostRiskNet()
    variables = model.init(jax.random.key(0), canopy)
    service = FrostAlertService(SensorRunner(model, variables, FrostConfig()))
    print(int(service.hours_until_alert(canopy)))
    return None
