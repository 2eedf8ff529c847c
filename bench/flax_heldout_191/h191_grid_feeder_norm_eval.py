# label: ok
# flax-error: none
# class: 3 the evaluator's variables attribute goes into model.apply in the fori_loop body with the norm layer reading its running statistics
"""Feeder-level load forecast evaluation over rolling windows of smart-meter readings."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    windows: int = 6
    meters: int = 12
    norm_in_train_mode: bool = True  # copied from the training config


class FeederForecaster(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.Dense(1)(nn.relu(h))[:, 0]


class FeederEvaluator:
    def __init__(self, model, variables, cfg: EvalConfig):
        self.model = model
        self.variables = variables
        self.cfg = cfg

    def mean_abs_error(self, windows, targets):
        def body(i, total):
            pred = self.model.apply(self.variables, windows[i], train=False)
            return total + jnp.mean(jnp.abs(pred - targets[i]))

        total = lax.fori_loop(0, self.cfg.windows, body, jnp.float32(0.0))
        return total / self.cfg.windows


def main():
    cfg = EvalConfig()
    readings = jax.random.uniform(jax.random.key(1), (cfg.windows, cfg.meters, 24))
    targets = readings.mean(axis=-1)
    model = FeederForecaster()
    variables = model.init(jax.random.key(0), readings[0], train=False)
    mae = FeederEvaluator(model, variables, cfg).mean_abs_error(readings, targets)
    print(float(mae))
    return None
