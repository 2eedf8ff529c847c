# label: same-values
# flax-error: none
# class: 5 the scan body is the step function returned by make_gust_step, which builds nnx.Rngs(gust=config.seed) inside the step for the model's gust draw
"""Kite-surfing line-tension forecaster.

A factory builds the per-second step function from the kite model and a
frozen config; each step draws a gust through an nnx.Rngs stream and the
line tension is passed through a post-processing pipeline composed with
functools.reduce (clip, smooth, convert to newtons).
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class KiteConfig:
    lines: int = 4
    seconds: int = 6
    seed: int = 17
    newtons_per_unit: float = 50.0


class KiteModel(nnx.Module):
    def __init__(self, config: KiteConfig, rngs: nnx.Rngs):
        self.gust_scale = nnx.Param(jnp.full((config.lines,), 0.5))
        self.lines = config.lines

    def gust(self, rngs: nnx.Rngs):
        return nnx.softplus(self.gust_scale[...]) * jax.random.normal(rngs.gust(), (self.lines,))


def compose(*stages):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), stages)


def make_gust_step(model: KiteModel, config: KiteConfig):
    post = compose(
        lambda t: jnp.clip(t, -3.0, 3.0),
        lambda t: 0.5 * t,
        lambda t: t * config.newtons_per_unit,
    )

    def step(carry, _):
        rngs = nnx.Rngs(gust=config.seed)
        return carry, post(model.gust(rngs))

    return step


class TensionForecaster:
    def __init__(self, config: KiteConfig):
        self.config = config
        self.model = KiteModel(config, nnx.Rngs(0))
        self.step = make_gust_step(self.model, config)

    def forecast(self):
        _, tensions = jax.lax.scan(self.step, None, None, length=self.config.seconds)
        return tensions


def main():
    return TensionForecaster(KiteConfig()).forecast()
