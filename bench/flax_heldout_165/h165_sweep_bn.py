# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 SweepRunner.trials[i].state.variables (params and batch_stats) read by the scan body through the runner and its Trial
"""Hyperparameter sweep runner: every trial warms up its BatchNorm statistics on a stream of
calibration batches before it is scored."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TrialConfig:
    width: int
    momentum: float


class Scorer(nn.Module):
    width: int
    momentum: float

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Dense(self.width)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=self.momentum)(h)
        return nn.Dense(1)(nn.gelu(h))


@dataclasses.dataclass
class TrialState:
    variables: dict
    warmup_steps: int = 0


class Trial:
    def __init__(self, config: TrialConfig, seed: int, sample):
        self.config = config
        self.model = Scorer(config.width, config.momentum)
        self.state = TrialState(self.model.init(jax.random.key(seed), sample, train=False))


class SweepRunner:
    def __init__(self, grid, sample):
        self.trials = [Trial(cfg, seed, sample) for seed, cfg in enumerate(grid)]
        self.results = {}

    def warm_up(self, index, batches):
        trial = self.trials[index]

        def body(total, batch):
            out = trial.model.apply(trial.state.variables, batch, train=True)
            return total + out.mean(), None

        total, _ = jax.lax.scan(body, jnp.zeros(()), batches)
        trial.state.warmup_steps += batches.shape[0]
        return total

    def run(self, batches):
        for i, trial in enumerate(self.trials):
            self.results[trial.config] = float(self.warm_up(i, batches))
        return self.results


def main():
    grid = [TrialConfig(width=w, momentum=m) for w in (8, 16) for m in (0.9, 0.99)]
    batches = jax.random.normal(jax.random.key(7), (4, 16, 6))
    runner = SweepRunner(grid, batches[0])
    runner.run(batches)
    return None
