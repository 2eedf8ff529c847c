# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(gear)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 an nn.remat-wrapped GearBlock built in setup is called in the scan body in training mode while batch_stats are immutable
"""Carousel maintenance: drive-train health model over a day of inspection readings.

The gear block is wrapped in nn.remat to keep memory flat over long inspection logs. The
network is initialised with a warm-up call on a single reading.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class GearBlock(nn.Module):
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(x)
        return nn.silu(x)


CheckpointedGear = nn.remat(GearBlock)


class DriveTrainModel(nn.Module):
    train: bool = True

    def setup(self):
        self.gear = CheckpointedGear(self.train)
        self.health = nn.Dense(1)

    def warmup(self, reading):
        return self.health(self.gear(reading))

    def __call__(self, readings):
        def body(state, reading):
            h = self.gear(reading + state)
            return 0.5 * state + 0.1 * h.mean(), self.health(h)

        _, scores = scan(body, jnp.zeros(()), readings)
        return scores


def main():
    model = DriveTrainModel(train=True)
    readings = jax.random.normal(jax.random.key(4), (6, 3, 5))
    variables = model.init(jax.random.key(0), readings[0], method=DriveTrainModel.warmup)
    scores = model.apply(variables, readings)
    print("drive train health", scores.shape, float(scores.mean()))
    return None
