# label: ok
# flax-error: none
# class: 5 DelayDecoderSession.step_fn is functools.partial(model.apply, mutable=["cache"]); the cache rides in the scan carry
"""Railway delay propagation: autoregressively decodes downstream delays station by station."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class DecoderConfig:
    features: int = 8
    max_stations: int = 12


class DelayDecoder(nn.Module):
    config: DecoderConfig

    @nn.compact
    def __call__(self, delay):
        cfg = self.config
        primed = self.has_variable("cache", "index")
        index = self.variable("cache", "index", lambda: jnp.zeros((), jnp.int32))
        history = self.variable("cache", "history", jnp.zeros, (cfg.max_stations, cfg.features))
        h = nn.tanh(nn.Dense(cfg.features)(delay[None]))
        if primed:
            history.value = history.value.at[index.value].set(h)
            index.value = index.value + 1
        context = history.value.sum(0) / jnp.maximum(index.value, 1)
        return nn.relu(nn.Dense(1)(h + context)).squeeze()


class DelayDecoderSession:
    def __init__(self, model, variables):
        self.params = variables["params"]
        self.cache = variables["cache"]
        self.step_fn = functools.partial(model.apply, mutable=["cache"])

    def decode(self, first_delay, n_stations):
        def next_station(carry, _):
            delay, cache = carry
            predicted, updates = self.step_fn({"params": self.params, "cache": cache}, delay)
            return (predicted, updates["cache"]), predicted

        (_, self.cache), delays = scan(next_station, (first_delay, self.cache), None, length=n_stations)
        return delays


def main():
    config = DecoderConfig()
    model = DelayDecoder(config)
    variables = model.init(jax.random.key(0), jnp.ones(()))
    session = DelayDecoderSession(model, variables)
    delays = session.decode(jnp.asarray(4.0), n_stations=6)
    print("minutes late per station", delays)
    return None
