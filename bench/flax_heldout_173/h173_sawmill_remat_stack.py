# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(stage)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 YieldStack runs scan over log segments and the body calls self.stage, an nn.remat(GrainBlock) whose BatchNorm updates batch_stats in train mode
"""Board-yield predictor for a sawmill.

A CT scan of each log is cut into segments; a stack of grain blocks, rematerialised to keep
memory low on the edge device next to the saw, refines a per-log embedding segment by segment
and predicts the fraction of first-grade boards.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class GrainBlock(nn.Module):
    features: int
    train: bool = False

    @nn.compact
    def __call__(self, state, segment):
        h = nn.Dense(self.features)(jnp.concatenate([state, segment], axis=-1))
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(h)
        return jnp.tanh(h)


class YieldStack(nn.Module):
    features: int = 16
    train: bool = False

    def setup(self):
        self.stage = nn.remat(GrainBlock)(self.features, train=self.train)
        self.head = nn.Dense(1)

    def __call__(self, segments):
        state = jnp.zeros((segments.shape[1], self.features))
        if self.is_initializing():
            # init runs one segment only: the lifted stage must not create its variables in a scan
            state = self.stage(state, segments[0])
        else:

            def body(state, segment):
                return self.stage(state, segment), None

            state, _ = scan(body, state, segments)
        return nn.sigmoid(self.head(state))[..., 0]


@dataclasses.dataclass(frozen=True)
class MillConfig:
    segments: int = 6
    logs_per_batch: int = 4
    density_bins: int = 10


class YieldService:
    def __init__(self, config: MillConfig, variables):
        self.config = config
        self.variables = variables

    def recalibrate(self, scans):
        """Run the stack in train mode on a fresh batch of logs from a new forest stand."""
        model = YieldStack(train=True)
        return model.apply(self.variables, scans)


def main():
    config = MillConfig()
    scans = jax.random.uniform(jax.random.key(2), (config.segments, config.logs_per_batch, config.density_bins))
    variables = YieldStack(train=False).init(jax.random.key(0), scans)
    service = YieldService(config, variables)
    print("first-grade fraction", service.recalibrate(scans))
    return None
