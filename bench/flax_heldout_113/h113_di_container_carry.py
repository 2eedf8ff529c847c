# label: ok
# flax-error: none
# class: 5 container.resolve('scorer') returns functools.partial(model.apply, mutable=['cache']); the variables are carried through the scan
"""Smart-meter anomaly scoring: a dependency-injection container wires the scorer from a frozen
config, and a nightly job scans one meter's half-hourly readings through it."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ScorerConfig:
    hidden: int = 16
    decay: float = 0.9


class DeltaScorer(nn.Module):
    """Scores a reading against an exponentially smoothed baseline kept in the 'cache' collection."""
    cfg: ScorerConfig

    @nn.compact
    def __call__(self, reading):
        baseline = self.variable("cache", "baseline", jnp.zeros, reading.shape)
        delta = reading - baseline.value
        baseline.value = self.cfg.decay * baseline.value + (1 - self.cfg.decay) * reading
        h = nn.tanh(nn.Dense(self.cfg.hidden)(delta))
        return nn.sigmoid(nn.Dense(1)(h))[0]


class Container:
    def __init__(self):
        self._providers = {}
        self._singletons = {}

    def register(self, name, provider):
        self._providers[name] = provider

    def resolve(self, name):
        if name not in self._singletons:
            self._singletons[name] = self._providers[name](self)
        return self._singletons[name]


def build_container(cfg, example):
    c = Container()
    c.register("config", lambda _: cfg)
    c.register("model", lambda c: DeltaScorer(c.resolve("config")))
    c.register("variables", lambda c: c.resolve("model").init(jax.random.key(0), example))
    c.register("scorer", lambda c: functools.partial(c.resolve("model").apply, mutable=["cache"]))
    return c


def nightly_job(container, readings):
    scorer = container.resolve("scorer")
    variables = container.resolve("variables")

    def step(carry, reading):
        alerts, variables = carry
        score, updates = scorer(variables, reading)
        variables = {**variables, **updates}
        return (alerts + (score > 0.9), variables), score

    (alerts, _), scores = scan(step, (jnp.zeros((), jnp.int32), variables), readings)
    return alerts, scores


def main():
    readings = jax.random.uniform(jax.random.key(1), (48, 3)) * 2.0
    container = build_container(ScorerConfig(), readings[0])
    alerts, scores = nightly_job(container, readings)
    print("alerts:", int(alerts))
    return None
