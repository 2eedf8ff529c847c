# label: ok
# flax-error: none
# class: 4 the scan body reaches the Harmonics submodule through a functools.reduce pipeline of stage objects held on the model; residuals leave as scan ys and are sown after the loop
"""Tide gauge nowcaster.

Each nowcast step pushes the gauge state through a pipeline of stages
(harmonic fit, damping, storm-surge correction) composed with functools.reduce.
The harmonic stage reports its fit residual; the rollout returns the residuals
as scan outputs and sows them into a 'diagnostics' collection that the
evaluator averages.
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
        return fit, jnp.mean((level - fit) ** 2)


@dataclass(frozen=True)
class Stage:
    name: str
    fn: object

    def __call__(self, model, packet):
        return self.fn(model, packet)


def _harmonic(model, packet):
    fit, residual = model.harmonics(packet["level"])
    return {**packet, "level": fit, "residual": residual}


def _damp(model, packet):
    return {**packet, "level": 0.9 * packet["level"]}


def _surge(model, packet):
    return {**packet, "level": packet["level"] + 0.1 * model.surge(packet["level"])}


STAGES = (Stage("harmonic", _harmonic), Stage("damp", _damp), Stage("surge", _surge))


def run_pipeline(model, packet):
    return functools.reduce(lambda acc, stage: stage(model, acc), model.stages, packet)


def unroll(model, level, horizon):
    def step(packet, _):
        packet = run_pipeline(model, packet)
        return packet, packet["residual"]

    final, residuals = scan(step, {"level": level, "residual": jnp.zeros(())}, None, length=horizon)
    model.harmonics.sow("diagnostics", "residual", residuals)
    return final["level"]


class Nowcaster(nn.Module):
    config: GaugeConfig
    stages: tuple = STAGES

    def setup(self):
        self.harmonics = Harmonics(self.config.constituents)
        self.surge = nn.Dense(self.config.constituents)

    def prime(self, level):
        return run_pipeline(self, {"level": level, "residual": jnp.zeros(())})["level"]

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
