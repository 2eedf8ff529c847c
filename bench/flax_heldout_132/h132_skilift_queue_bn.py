# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 service dataclass -> BoundPredictor helper holding model.bind(variables) -> called in the scan body with BatchNorm recalibrating
"""Ski-lift queue length forecaster that recalibrates its normalisation during the day."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class QueueNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, readings, recalibrate: bool = False):
        h = nn.Dense(self.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not recalibrate, momentum=0.95)(h)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


class BoundPredictor:
    """Keeps a bound copy of the model so callers need not pass variables around."""

    def __init__(self, model, variables):
        self._bound = model.bind(variables)

    def predict(self, readings, recalibrate=False):
        return self._bound(readings, recalibrate=recalibrate)


@dataclass
class LiftQueueService:
    predictor: BoundPredictor
    recalibrate: bool = True

    def forecast_day(self, hourly_readings):
        def body(total, readings):
            expected = self.predictor.predict(readings, recalibrate=self.recalibrate)
            return total + expected.sum(), expected

        return scan(body, jnp.zeros(()), hourly_readings)


def main():
    model = QueueNet()
    # hours x turnstiles x (skiers scanned, wind, chairs running)
    readings = jax.random.uniform(jax.random.key(0), (6, 5, 3))
    variables = model.init(jax.random.key(1), readings[0])
    service = LiftQueueService(BoundPredictor(model, variables))
    total, per_hour = service.forecast_day(readings)
    print(float(total), per_hour.shape)
