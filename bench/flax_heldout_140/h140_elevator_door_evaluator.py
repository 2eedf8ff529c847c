# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 functools.partial(model.apply, variables) kept on DoorCycleEvaluator, called in train mode because the shared ModeToggle was never switched
"""Elevator maintenance: door-cycle anomaly flags over a service log."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class DoorCycleNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(6)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.relu(x))


@dataclass(frozen=True)
class EvalConfig:
    max_cycles: int = 10
    threshold: float = 0.5


class ModeToggle:
    """Shared by the trainer and the evaluator."""

    def __init__(self):
        self.training = True

    def train(self):
        self.training = True

    def eval(self):
        self.training = False


class DoorTrainer:
    def __init__(self, mode):
        self.mode = mode
        self.checkpoints = []

    def finish(self, variables):
        self.checkpoints.append(variables)


class DoorCycleEvaluator:
    def __init__(self, model, variables, mode, config):
        self.predict = functools.partial(model.apply, variables)
        self.mode = mode
        self.config = config

    def scan_log(self, cycles):
        def cond(state):
            i, _ = state
            return i < self.config.max_cycles

        def body(state):
            i, flagged = state
            score = self.predict(cycles[i][None], train=self.mode.training)
            return i + 1, flagged + (score[0, 0] > self.config.threshold).astype(jnp.int32)

        _, flagged = lax.while_loop(cond, body, (jnp.int32(0), jnp.int32(0)))
        return flagged


def main():
    model = DoorCycleNet()
    cycles = jax.random.normal(jax.random.key(2), (10, 5))
    variables = model.init(jax.random.key(0), cycles[:2])
    mode = ModeToggle()
    trainer = DoorTrainer(mode)
    trainer.finish(variables)
    evaluator = DoorCycleEvaluator(model, variables, mode, EvalConfig())
    evaluator.scan_log(cycles)
    return None
