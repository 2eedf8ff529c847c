# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "normalizer" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a backwards-compatible wrapper holds model.bind(variables) and its forecast() runs a jax.lax.while_loop whose body calls the bound model with the legacy update_stats=True default
"""Harbour tide forecasting. v2 of the library moved to functional apply, but the v1 API
(`TideForecaster.forecast(history, horizon)`) is kept alive by a thin wrapper for old callers."""
import warnings

import jax
import jax.numpy as jnp
import flax.linen as nn


class TideNet(nn.Module):
    """Predicts the next water level from a window of past levels, normalising the input with a
    running mean kept in the 'normalizer' collection."""

    window: int = 12

    def setup(self):
        self.running_mean = self.variable("normalizer", "mean", lambda: jnp.zeros((self.window,)))
        self.body = nn.Dense(16)
        self.head = nn.Dense(1)

    def __call__(self, history, update_stats: bool = False):
        if update_stats:
            self.running_mean.value = 0.98 * self.running_mean.value + 0.02 * history
        centred = history - self.running_mean.value
        return self.head(nn.tanh(self.body(centred)))[0]


class TideForecasterV2:
    def __init__(self, model: TideNet, variables):
        self.model = model
        self.variables = variables


def legacy_api(fn):
    def wrapper(self, *args, **kwargs):
        warnings.warn("TideForecaster v1 API is deprecated", DeprecationWarning, stacklevel=2)
        return fn(self, *args, **kwargs)
    return wrapper


class TideForecaster:
    """v1-compatible facade: old callers expected a stateful object with forecast()."""

    def __init__(self, v2: TideForecasterV2):
        self._bound = v2.model.bind(v2.variables)
        self._window = v2.model.window

    @legacy_api
    def forecast(self, history, horizon, update_stats=True):
        def cond(state):
            step, _, _ = state
            return step < horizon

        def body(state):
            step, window, out = state
            level = self._bound(window, update_stats=update_stats)
            window = jnp.concatenate([window[1:], level[None]])
            return step + 1, window, out.at[step].set(level)

        init = (0, history[-self._window:], jnp.zeros((horizon,)))
        _, _, out = jax.lax.while_loop(cond, body, init)
        return out


def main():
    t = jnp.arange(48.0)
    history = jnp.sin(2 * jnp.pi * t / 12.4) + 0.1 * jnp.cos(2 * jnp.pi * t / 24.0)
    model = TideNet()
    variables = model.init(jax.random.key(0), history[:12])
    forecaster = TideForecaster(TideForecasterV2(model, variables))
    forecaster.forecast(history, 8).block_until_ready()
    return None
