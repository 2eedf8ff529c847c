# label: same-values
# flax-error: none
# class: 4 augmenters registered by decorator reach ctx.model / ctx.variables / ctx.key of the forecaster's context object inside the scan body, the same noise key at every draw
"""Brewery fermentation: an ensemble of final-gravity forecasts under registered sensor-noise augmenters."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

AUGMENTERS = {}


def register(name):
    def deco(fn):
        AUGMENTERS[name] = fn
        return fn

    return deco


class GravityNet(nn.Module):
    @nn.compact
    def __call__(self, readings, deterministic: bool = True):
        if not deterministic:
            readings = readings + 0.05 * jax.random.normal(self.make_rng("noise"), readings.shape)
        h = nn.swish(nn.Dense(16)(readings))
        return nn.Dense(1)(h)[..., 0]


@dataclass
class AugContext:
    model: nn.Module
    variables: dict
    key: jax.Array


@register("hydrometer_jitter")
def hydrometer_jitter(ctx, readings, draw):
    return ctx.model.apply(ctx.variables, readings, deterministic=False, rngs={"noise": ctx.key})


@register("temperature_offset")
def temperature_offset(ctx, readings, draw):
    shifted = readings.at[:, 0].add(0.5)
    return ctx.model.apply(ctx.variables, shifted, deterministic=False, rngs={"noise": ctx.key})


class BatchForecaster:
    def __init__(self, ctx, names):
        self.ctx = ctx
        self.augmenters = [AUGMENTERS[n] for n in names]

    def ensemble(self, readings, draws):
        def body(carry, draw):
            outs = [fn(self.ctx, readings, draw) for fn in self.augmenters]
            return carry, jnp.stack(outs)

        _, ys = lax.scan(body, 0, jnp.arange(draws))
        return ys


def main():
    readings = jax.random.normal(jax.random.key(10), (4, 6))
    model = GravityNet()
    variables = model.init(jax.random.key(0), readings)
    ctx = AugContext(model, variables, jax.random.key(77))
    forecaster = BatchForecaster(ctx, ["hydrometer_jitter", "temperature_offset"])
    return forecaster.ensemble(readings, 5)
