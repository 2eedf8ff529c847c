# label: ok
# flax-error: none
# class: 5 a sampler factory registered under "mc_dropout" returns a step function closing over model and variables; scan runs that step over keys split beforehand
"""Tide-gauge surge forecaster: samplers are looked up in a decorator registry by the
name in the forecast config; the Monte-Carlo dropout sampler draws an ensemble of
surge curves for one gauge window."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

SAMPLERS = {}


def register(name):
    def wrap(factory):
        SAMPLERS[name] = factory
        return factory

    return wrap


class SurgeNet(nn.Module):
    horizon: int = 6

    @nn.compact
    def __call__(self, window, train: bool = True):
        h = nn.relu(nn.Dense(24)(window))
        h = nn.Dropout(0.25, deterministic=not train)(h)
        return nn.Dense(self.horizon)(h)


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    sampler: str = "mc_dropout"
    members: int = 5


@register("mc_dropout")
def build_mc_dropout(model, variables, window):
    def step(carry, key):
        curve = model.apply(variables, window, rngs={"dropout": key})
        return jnp.maximum(carry, curve.max()), curve

    return step


def forecast(config, model, variables, window, key):
    step = SAMPLERS[config.sampler](model, variables, window)
    keys = jax.random.split(key, config.members)
    peak, curves = lax.scan(step, jnp.float32(-jnp.inf), keys)
    return curves


def main():
    model = SurgeNet()
    window = jax.random.normal(jax.random.key(0), (2, 12))
    variables = model.init({"params": jax.random.key(1), "dropout": jax.random.key(2)}, window)
    return forecast(ForecastConfig(), model, variables, window, jax.random.key(3))
