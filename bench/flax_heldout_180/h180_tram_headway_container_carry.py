# label: ok
# flax-error: none
# class: 4 a dependency-injection container builds the HeadwayForecaster on request; its model and variables (with the decode cache) reach the while_loop body as forecaster.model / forecaster.variables; the cache collection travels in the loop state
"""Tram network: autoregressive headway forecast for the next departures of a line.

Services are wired by a small dependency-injection container; the forecaster decodes one
departure per while_loop step with a cached running context.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class HeadwayDecoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, headway):
        total = self.variable("cache", "total", jnp.zeros, (self.hidden,))
        count = self.variable("cache", "count", lambda: jnp.zeros((), jnp.int32))
        h = nn.tanh(nn.Dense(self.hidden)(headway[None]))
        if not self.is_initializing():
            total.value = total.value + h
            count.value = count.value + 1
        context = total.value / jnp.maximum(count.value, 1)
        return nn.softplus(nn.Dense(1)(h + context))[0]


class Container:
    def __init__(self, config):
        self.config = config
        self._providers = {}
        self._instances = {}

    def provide(self, name, provider):
        self._providers[name] = provider
        return self

    def resolve(self, name):
        if name not in self._instances:
            self._instances[name] = self._providers[name](self)
        return self._instances[name]


class HeadwayForecaster:
    def __init__(self, model, variables, horizon):
        self.model = model
        self.variables = variables
        self.horizon = horizon

    def forecast(self, last_headway):
        params = {"params": self.variables["params"]}

        def cond(state):
            step, _, _, _ = state
            return step < self.horizon

        def body(state):
            step, headway, cache, out = state
            headway, updates = self.model.apply({**params, "cache": cache}, headway, mutable=["cache"])
            return step + 1, headway, updates["cache"], out.at[step].set(headway)

        init = (0, last_headway, self.variables["cache"], jnp.zeros(self.horizon))
        return while_loop(cond, body, init)[3]


def wire(config) -> Container:
    return (
        Container(config)
        .provide("model", lambda c: HeadwayDecoder(hidden=c.config["hidden"]))
        .provide("variables", lambda c: c.resolve("model").init(jax.random.key(c.config["seed"]), jnp.float32(5.0)))
        .provide("forecaster", lambda c: HeadwayForecaster(c.resolve("model"), c.resolve("variables"), c.config["horizon"]))
    )


def main():
    container = wire({"hidden": 16, "seed": 0, "horizon": 12})
    forecast = container.resolve("forecaster").forecast(jnp.float32(6.5))
    forecast.block_until_ready()
    return None
