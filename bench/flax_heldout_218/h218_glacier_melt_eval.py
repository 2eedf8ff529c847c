# label: ok
# flax-error: none
# class: 4 Forecaster -> MeltService -> SurrogateSession.bound (a cached_property holding model.clone(train=False).bind(variables)); the bound surrogate runs with running averages inside the scan body
"""Glacier melt forecasting: autoregressive rollout of daily melt-water state from a bound surrogate."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class MeltConfig:
    features: int = 6
    hidden: int = 16
    horizon: int = 5
    train: bool = True


class MeltSurrogate(nn.Module):
    hidden: int
    features: int
    train: bool

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        h = nn.tanh(h)
        return nn.Dense(self.features)(h)


class SurrogateSession:
    """Keeps one bound inference copy of the surrogate so callers can use it like a function."""

    def __init__(self, model, variables):
        self._model = model
        self._variables = variables

    @functools.cached_property
    def bound(self):
        return self._model.clone(train=False).bind(self._variables)


class MeltService:
    def __init__(self, config, session):
        self.config = config
        self.session = session


class Forecaster:
    def __init__(self, service):
        self.service = service

    def rollout(self, state0):
        def day(state, _):
            delta = self.service.session.bound(state)
            nxt = state + 0.1 * delta
            return nxt, nxt

        _, path = jax.lax.scan(day, state0, None, length=self.service.config.horizon)
        return path


def main():
    cfg = MeltConfig()
    model = MeltSurrogate(cfg.hidden, cfg.features, cfg.train)
    stations = jnp.linspace(0.0, 1.0, 4 * cfg.features).reshape(4, cfg.features)
    variables = model.init(jax.random.PRNGKey(0), stations)
    service = MeltService(cfg, SurrogateSession(model, variables))
    Forecaster(service).rollout(stations)
    return None
