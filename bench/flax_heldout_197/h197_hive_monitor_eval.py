# label: ok
# flax-error: none
# class: 3 functools.partial(model.apply, variables, train=False) kept as an attribute of a HiveEvaluator is called in the fori_loop body (running averages only)
"""Beehive acoustic monitoring: an evaluator scores spectrogram frames for swarming risk.

The evaluator always scores with the running averages, whatever the run config says.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class RunConfig:
    bands: int = 12
    hidden: int = 16
    train: bool = True
    frames: int = 5


class SwarmDetector(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, frame, train: bool):
        h = nn.Dense(self.hidden)(frame)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.95)(h)
        return nn.sigmoid(nn.Dense(1)(nn.relu(h))).squeeze(-1)


class HiveEvaluator:
    def __init__(self, model, variables, cfg: RunConfig):
        self.cfg = cfg
        self.score_fn = functools.partial(model.apply, variables, train=False)

    def risk(self, frames):
        def accumulate(i, total):
            return total + self.score_fn(frames[i]).mean()

        total = lax.fori_loop(0, frames.shape[0], accumulate, jnp.zeros(()))
        return total / frames.shape[0]


def main():
    cfg = RunConfig()
    model = SwarmDetector(cfg.hidden)
    frames = jax.random.uniform(jax.random.key(3), (cfg.frames, 4, cfg.bands))
    variables = model.init(jax.random.key(0), frames[0], train=False)
    evaluator = HiveEvaluator(model, variables, cfg)
    risk = evaluator.risk(frames)
    jax.block_until_ready(risk)
    return None
