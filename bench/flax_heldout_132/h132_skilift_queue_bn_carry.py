# label: ok
# flax-error: none
# class: 4 service dataclass -> BoundPredictor helper holding model and params; batch_stats enter and leave the scan body through the carry
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
    """Keeps the model and its params; running statistics are passed in and handed back."""

    def __init__(self, model, variables):
        self._model = model
        self._params = variables["params"]
        self.batch_stats = variables["batch_stats"]

    def predict(self, batch_stats, readings, recalibrate=False):
        expected, updates = self._model.apply(
            {"params": self._params, "batch_stats": batch_stats},
            readings,
            recalibrate=recalibrate,
            mutable=["batch_stats"],
        )
        return expected, updates["batch_stats"]


@dataclass
class LiftQueueService:
    predictor: BoundPredictor
    recalibrate: bool = True

    def forecast_day(self, hourly_readings):
        def body(carry, readings):
            total, stats = carry
            expected, stats = self.predictor.predict(stats, readings, recalibrate=self.recalibrate)
            return (total + expected.sum(), stats), expected

        (total, stats), per_hour = scan(body, (jnp.zeros(()), self.predictor.batch_stats), hourly_readings)
        self.predictor.batch_stats = stats
        return total, per_hour


def main():
    model = QueueNet()
    # hours x turnstiles x (skiers scanned, wind, chairs running)
    readings = jax.random.uniform(jax.random.key(0), (6, 5, 3))
    variables = model.init(jax.random.key(1), readings[0])
    service = LiftQueueService(BoundPredictor(model, variables))
    total, per_hour = service.forecast_day(readings)
    print(float(total), per_hour.shape)
