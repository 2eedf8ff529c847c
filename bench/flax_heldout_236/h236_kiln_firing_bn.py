# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the kiln service's model and variables attributes are applied in training mode inside the scan body
"""Brick-kiln firing service: predicts shrinkage per firing stage for a batch of green bricks."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclass
class FiringSchedule:
    stages: int = 4
    bricks: int = 5
    features: int = 3
    train: bool = True
    ramps: tuple = field(default=(0.4, 0.7, 0.9, 1.0))


class ShrinkagePredictor(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, clay, train: bool):
        h = nn.Dense(self.width)(clay)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(clay.shape[-1])(nn.silu(h))


class KilnService:
    def __init__(self, schedule: FiringSchedule, seed: int = 0):
        self.schedule = schedule
        self.model = ShrinkagePredictor()
        probe = jnp.ones((schedule.bricks, schedule.features))
        self.variables = self.model.init(jax.random.key(seed), probe, train=False)

    @property
    def ramps(self):
        return jnp.asarray(self.schedule.ramps)

    def fire(self, clay):
        def stage(batch, ramp):
            shrink = self.model.apply(self.variables, batch * ramp, train=self.schedule.train)
            return batch - 0.05 * shrink, jnp.abs(shrink).mean()

        fired, per_stage = scan(stage, clay, self.ramps)
        return fired, per_stage


def main():
    schedule = FiringSchedule()
    service = KilnService(schedule)
    clay = jnp.tile(jnp.array([1.2, 0.8, 0.3]), (schedule.bricks, 1))
    fired, per_stage = service.fire(clay)
    jax.block_until_ready((fired, per_stage))
