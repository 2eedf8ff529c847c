# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_headway" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 Dispatcher.adapters['headway'] (filled by a @register decorator registry) -> HeadwayAdapter.predict -> model.apply over the adapter's variables; the model updates its 'cache' collection inside the while_loop body
"""Tram timetable planning: predict headways stop by stop until the line's last stop."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

ADAPTERS = {}


def register(name):
    def wrap(cls):
        ADAPTERS[name] = cls
        return cls

    return wrap


@dataclasses.dataclass(frozen=True)
class LineConfig:
    n_stops: int = 9
    features: int = 4


class HeadwayModel(nn.Module):
    @nn.compact
    def __call__(self, stop_features):
        last = self.variable("cache", "last_headway", lambda: jnp.zeros((1,)))
        headway = nn.softplus(nn.Dense(1)(jnp.concatenate([stop_features, last.value])))
        last.value = headway
        return headway


@register("headway")
class HeadwayAdapter:
    def __init__(self, config):
        self.config = config
        self._model = HeadwayModel()
        self._variables = self._model.init(jax.random.PRNGKey(0), jnp.zeros((config.features,)))

    @property
    def variables(self):
        return self._variables

    def predict(self, stop_features):
        return self._model.apply(self.variables, stop_features)


class Dispatcher:
    def __init__(self, config):
        self.config = config
        self.adapters = {name: cls(config) for name, cls in ADAPTERS.items()}

    def plan_line(self, stops):
        def more_stops(carry):
            return carry[0] < self.config.n_stops

        def next_stop(carry):
            i, total = carry
            headway = self.adapters["headway"].predict(stops[i])
            return i + 1, total + headway[0]

        _, total = jax.lax.while_loop(more_stops, next_stop, (0, jnp.zeros(())))
        return total


def main():
    cfg = LineConfig()
    stops = jnp.cos(jnp.arange(cfg.n_stops * cfg.features, dtype=jnp.float32)).reshape(cfg.n_stops, cfg.features)
    Dispatcher(cfg).plan_line(stops)
    return None
