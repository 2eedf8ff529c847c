# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a model.bind(variables) local to forecast_degree_heating goes straight into the while_loop body, whose calls write the "cache" collection
"""Coral reef monitoring: autoregressive sea-surface temperature forecast for degree-heating weeks."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class ForecastConfig:
    window: int = 4
    horizon: int = 8
    bleaching_threshold: float = 29.5


class SSTForecaster(nn.Module):
    window: int

    @nn.compact
    def __call__(self, temp):
        history = self.variable("cache", "history", jnp.zeros, (self.window,))
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        window = history.value.at[index.value % self.window].set(temp)
        if not self.is_initializing():
            history.value = window
            index.value = index.value + 1
        return temp + nn.Dense(1)(window)[0] * 0.1


def forecast_degree_heating(model, variables, last_temp, config):
    bound = model.bind(variables)

    def cond(state):
        week, _, _ = state
        return week < config.horizon

    def body(state):
        week, temp, dhw = state
        temp = bound(temp)
        return week + 1, temp, dhw + jnp.maximum(temp - config.bleaching_threshold, 0.0)

    start = (jnp.int32(0), jnp.float32(last_temp), jnp.float32(0.0))
    return lax.while_loop(cond, body, start)[2]


def main():
    config = ForecastConfig()
    model = SSTForecaster(window=config.window)
    variables = model.init(jax.random.key(0), jnp.float32(28.0))
    forecast_degree_heating(model, variables, 29.1, config)
    return None
