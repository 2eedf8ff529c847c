# label: trace-context
# flax-error: TraceContextError: Cannot mutate FoldCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body calls the crease model through __call__, which the @counts_folds class decorator wraps to bump a FoldCount variable
"""Origami crease-pattern folding simulator.

The crease predictor proposes the next fold of a sheet from its current
crease field. A class decorator adds usage accounting to the model: every
call bumps a FoldCount variable (a custom nnx.Variable subclass) so the
fold budget can be enforced. The simulator folds the sheet step by step.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class FoldCount(nnx.Variable):
    """How many folds a model has proposed."""


def counts_folds(cls):
    original = cls.__call__

    @functools.wraps(original)
    def __call__(self, *args, **kwargs):
        self.folds[...] = self.folds[...] + 1
        return original(self, *args, **kwargs)

    cls.__call__ = __call__
    return cls


@dataclass(frozen=True)
class SheetConfig:
    cells: int = 9
    hidden: int = 16
    steps: int = 5


@counts_folds
class CreasePredictor(nnx.Module):
    def __init__(self, config: SheetConfig, rngs: nnx.Rngs):
        self.mix = nnx.Linear(config.cells, config.hidden, rngs=rngs)
        self.fold = nnx.Linear(config.hidden, config.cells, rngs=rngs)
        self.folds = FoldCount(jnp.zeros((), jnp.int32))

    def __call__(self, sheet):
        return jnp.tanh(sheet + 0.1 * self.fold(nnx.relu(self.mix(sheet))))


class FoldSimulator:
    def __init__(self, predictor: CreasePredictor, config: SheetConfig):
        self.predictor = predictor
        self.config = config

    def fold(self, sheet):
        def step(current, _):
            nxt = self.predictor(current)
            return nxt, jnp.sum(jnp.abs(nxt - current))

        final, movement = lax.scan(step, sheet, None, length=self.config.steps)
        return final, movement


def main():
    config = SheetConfig()
    simulator = FoldSimulator(CreasePredictor(config, nnx.Rngs(0)), config)
    simulator.fold(jnp.linspace(-1.0, 1.0, config.cells))
    return None
