# label: ok
# flax-error: none
# class: 5 TideEvaluator keeps functools.partial(model.apply, variables, train=config.train) on self.forward; the while_loop body calls self.forward, and train=False in the evaluation config keeps BatchNorm on its running averages
"""Tide-gauge gap filling: iteratively corrects a harbour's water-level series
until the correction is below tolerance or the iteration budget runs out."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ResidualCorrector(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, levels, train: bool = False):
        h = nn.Dense(self.hidden)(levels)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return 0.1 * nn.Dense(levels.shape[-1])(nn.tanh(h))


@dataclasses.dataclass(frozen=True)
class EvalConfig:
    tolerance: float = 1e-3
    max_iterations: int = 6
    train: bool = False  # evaluation never updates statistics


class TideEvaluator:
    def __init__(self, model, variables, config: EvalConfig):
        self.config = config
        self.forward = functools.partial(model.apply, variables, train=config.train)

    def fill_gaps(self, levels):
        cfg = self.config

        def cond(state):
            i, _, delta = state
            return jnp.logical_and(i < cfg.max_iterations, delta > cfg.tolerance)

        def body(state):
            i, current, _ = state
            correction = self.forward(current)
            return i + 1, current + correction, jnp.abs(correction).max()

        _, filled, _ = lax.while_loop(cond, body, (0, levels, jnp.inf))
        return filled


def main():
    model = ResidualCorrector()
    levels = jnp.sin(jnp.linspace(0, 6.0, 24)).reshape(4, 6)
    variables = model.init(jax.random.key(0), levels)
    TideEvaluator(model, variables, EvalConfig()).fill_gaps(levels)
    return None
