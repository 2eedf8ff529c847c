# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a Container resolves "evaluator", whose provider wires in the "forecaster" module; its forecast method scans with BatchNorm in training mode under a read-only apply
"""Pharmacy refills: forecast weekly refill demand per store from a dependency-injection container."""

from dataclasses import dataclass
from typing import Any, Callable

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class RefillSettings:
    stores: int = 8
    features: int = 4
    hidden: int = 16
    weeks: int = 12
    training: bool = True  # shared with the trainer's settings


class Container:
    """Providers registered by name, built lazily once and cached."""

    def __init__(self):
        self._providers: dict[str, Callable[["Container"], Any]] = {}
        self._instances: dict[str, Any] = {}

    def register(self, name: str, provider: Callable[["Container"], Any]) -> None:
        self._providers[name] = provider

    def resolve(self, name: str) -> Any:
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


class RefillForecaster(nn.Module):
    hidden: int

    def setup(self):
        self.embed = nn.Dense(self.hidden)
        self.norm = nn.BatchNorm(momentum=0.9)
        self.out = nn.Dense(1)

    def step(self, week, train: bool):
        h = self.norm(self.embed(week), use_running_average=not train)
        return nn.softplus(self.out(nn.relu(h)))[:, 0]

    def warmup(self, week):
        return self.step(week, train=True)

    def forecast(self, weeks, train: bool):
        def body(backlog, week):
            demand = self.step(week, train)
            return jnp.maximum(backlog + demand - week[:, 0], 0.0), demand

        return jax.lax.scan(body, jnp.zeros(weeks.shape[1]), weeks)


class RefillEvaluator:
    def __init__(self, settings: RefillSettings, model: RefillForecaster, variables):
        self.settings, self.model, self.variables = settings, model, variables

    def evaluate(self, weeks):
        backlog, demand = self.model.apply(
            self.variables, weeks, self.settings.training, method=RefillForecaster.forecast)
        return float(backlog.sum()), demand


def build_container(settings: RefillSettings, weeks) -> Container:
    c = Container()
    c.register("settings", lambda _: settings)
    c.register("forecaster", lambda c: RefillForecaster(c.resolve("settings").hidden))

    def variables(c):
        model = c.resolve("forecaster")
        return model.init(jax.random.key(0), weeks[0], method=RefillForecaster.warmup)

    c.register("variables", variables)
    c.register("evaluator", lambda c: RefillEvaluator(
        c.resolve("settings"), c.resolve("forecaster"), c.resolve("variables")))
    return c


def main():
    settings = RefillSettings()
    weeks = jax.random.uniform(jax.random.key(1), (settings.weeks, settings.stores, settings.features))
    container = build_container(settings, weeks)
    container.resolve("evaluator").evaluate(weeks)
    return None
