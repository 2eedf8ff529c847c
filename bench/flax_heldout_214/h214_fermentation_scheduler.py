# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 variables reach the scan body through FermentationService -> BatchScheduler -> frozen ScheduleConfig(train=True), applied without a mutable batch_stats
"""Brewery fermentation scheduling: a service plans the next hours of every tank.

The scheduler predicts the gravity drop and temperature delta per tank and hour; its
config asks for the batch statistics to follow the live tanks while planning.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ScheduleConfig:
    horizon_hours: int = 6
    cooling_gain: float = 0.01
    train: bool = True  # "track the live batch while planning"


class GravityModel(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, tanks, train: bool = False):
        h = nn.Dense(self.features)(tanks)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(2)(nn.relu(h))


class BatchScheduler:
    def __init__(self, model, variables, config: ScheduleConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def _predict(self, tanks):
        return self.model.apply(self.variables, tanks, train=self.config.train)

    def plan(self, tanks):
        gain = self.config.cooling_gain

        def hour(state, _):
            delta = self._predict(state)
            return state.at[:, :2].add(-gain * delta), delta

        _, deltas = lax.scan(hour, tanks, None, length=self.config.horizon_hours)
        return deltas


class FermentationService:
    def __init__(self, scheduler: BatchScheduler):
        self.scheduler = scheduler

    def schedule_tanks(self, readings):
        deltas = self.scheduler.plan(readings)
        return {"gravity": deltas[..., 0].sum(0), "temperature": deltas[..., 1].sum(0)}


def main():
    model = GravityModel()
    readings = jnp.linspace(1.0, 1.06, 20).reshape(4, 5)
    variables = model.init(jax.random.key(0), readings, train=False)
    service = FermentationService(BatchScheduler(model, variables, ScheduleConfig()))
    service.schedule_tanks(readings)
    return None
