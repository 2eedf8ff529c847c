# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial(model.apply, variables, train=True) kept on an ArcEvaluator is called in the while_loop body
"""Tram overhead line icing: arcing detector for pantograph current traces recorded
on iced contact wire; the evaluator sweeps a trace until an arc is found."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    window: int = 16
    channels: int = 3
    threshold: float = 0.95
    train_norm: bool = True


class ArcDetector(nn.Module):
    @nn.compact
    def __call__(self, window, train: bool):
        h = nn.Conv(4, kernel_size=(3,), name="conv")(window)
        h = nn.BatchNorm(use_running_average=not train, name="norm")(h)
        return nn.sigmoid(nn.Dense(1, name="score")(h.mean(axis=0)))[0]


class ArcEvaluator:
    def __init__(self, model, variables, cfg: DetectorConfig):
        self.cfg = cfg
        self.score = functools.partial(model.apply, variables, train=cfg.train_norm)

    def first_arc(self, trace):
        n = trace.shape[0]

        def cond(state):
            i, hit = state
            return (i < n) & (hit < 0)

        def body(state):
            i, hit = state
            p = self.score(trace[i])
            return i + 1, jnp.where(p > self.cfg.threshold, i, hit)

        _, hit = lax.while_loop(cond, body, (0, -1))
        return hit


def main():
    cfg = DetectorConfig()
    model = ArcDetector()
    trace = jax.random.normal(jax.random.key(5), (10, cfg.window, cfg.channels))
    variables = model.init(jax.random.key(0), trace[0], train=False)
    ArcEvaluator(model, variables, cfg).first_arc(trace)
    return None
