# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body reaches the Harmonics submodule (which sows) through a functools.reduce pipeline of stage objects held on the model
"""Tide gauge nowcaster.

Each nowcast step pushes the gauge state through a pipeline of stages
(harmonic fit, damping, storm-surge correction) composed with functools.reduce.
The harmonic stage sows its fit residual into a 'diagnostics' collection that
the evaluator averages after the rollout.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class GaugeConfig:
    constituents: int = 6
    horizon: int = 5


class Harmonics(nn.Module):
    constituents: int

    @nn.compact
    def __call__(self, level):
        fit = nn.Dense(self.constituents, name="fit")(level)
        self.sow("diagnostics", "residual", jnp.mean((level - fit) ** 2))
        return fit


@dataclass(frozen=True)
class Stage:
    name: str
    fn: object

    def __call__(self, model, packet):
        return self.fn(model, packet)


def _harmonic(model, packet):
    return {**packet, "level": model.harmonics(packet["level"])}


def _damp(model, packet):
    return {**packet, "level": 0.9 * packet["level"]}


def _surge(model, packet):
    return {**packet, "level": packet["level"] + 0.1 * model.surge(packet["level"])}


STAGES = (Stage("harmonic", _harmonic), Stage("damp", _damp), Stage("surge", _surge))


def run_pipeline(model, packet):
    return functools.reduce(lambda acc, stage: stage(model, acc), model.stages, packet)


def unroll(model, level, horizon):
    def step(packet, _):
        return run_pipeline(model, packet), None

    final, _ = scan(step, {"level": level}, None, length=horizon)
    return final["level"]


class Nowcaster(nn.Module):
    config: GaugeConfig
    stages: tuple = STAGES

    def setup(self):
        self.harmonics = Harmonics(self.config.constituents)
        self.surge = nn.Dense(self.config.constituents)

    def prime(self, level):
        return run_pipeline(self, {"level": level})["level"]

    def __call__(self, level):
        return unroll(self, level, self.config.horizon)


class GaugeEvaluator:
    def __init__(self, config: GaugeConfig):
        self.model = Nowcaster(config)
        sample = jnp.zeros((config.constituents,))
        self.params = self.model.init(jax.random.key(3), sample, method=Nowcaster.prime)["params"]

    def evaluate(self, level):
        forecast, state = self.model.apply({"params": self.params}, level, mutable=["diagnostics"])
        residuals = state["diagnostics"]["harmonics"]["residual"]
        return forecast, jnp.mean(jnp.stack(residuals))


def main():
    evaluator = GaugeEvaluator(GaugeConfig())
    evaluator.evaluate(jnp.sin(jnp.arange(6.0)))
    return None
