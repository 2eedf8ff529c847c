# label: ok
# flax-error: none
# class: 5 a functools.partial(model.apply, variables, rngs=...) kept on a sampling adapter is called in the scan body with a per-sample key split before the loop
"""Public transport ridership forecaster.

Monte Carlo dropout gives the planners a spread of boardings per station; the adapter wraps
the trained model's apply function so the forecaster does not deal with variables or rngs.
"""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    stations: int = 12
    lookback: int = 8
    samples: int = 5
    dropout: float = 0.3


class RidershipNet(nn.Module):
    stations: int
    dropout: float

    @nn.compact
    def __call__(self, history, train: bool = False):
        h = nn.Dense(32)(history.reshape(-1))
        h = nn.gelu(h)
        h = nn.Dropout(self.dropout, deterministic=not train)(h)
        return nn.softplus(nn.Dense(self.stations)(h))


class MCDropoutAdapter:
    def __init__(self, module, variables, key):
        self.key = key
        self.predict = functools.partial(
            module.apply, variables, train=True, rngs={"dropout": key})


class RidershipForecaster:
    def __init__(self, adapter, config):
        self.adapter = adapter
        self.config = config

    def sample_boardings(self, history):
        keys = jax.random.split(self.adapter.key, self.config.samples)

        def body(carry, key):
            boardings = self.adapter.predict(history, rngs={"dropout": key})
            return carry, boardings

        _, samples = scan(body, None, keys)
        return samples


def main():
    config = ForecastConfig()
    net = RidershipNet(config.stations, config.dropout)
    history = jax.random.uniform(jax.random.key(0), (config.lookback, config.stations)) * 400.0
    variables = net.init(jax.random.key(1), history)
    adapter = MCDropoutAdapter(net, variables, jax.random.key(2))
    forecaster = RidershipForecaster(adapter, config)
    return forecaster.sample_boardings(history)
