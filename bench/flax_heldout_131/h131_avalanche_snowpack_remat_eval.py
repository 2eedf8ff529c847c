# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, variables, train=False) kept on the forecaster runs in the scan body; the nn.remat layer's BatchNorm reads running averages
"""Avalanche hazard forecasting: scans a stability network over hourly snowpack profiles."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SnowpackLayer(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.swish(x)


class StabilityNet(nn.Module):
    width: int = 24
    depth: int = 2

    @nn.compact
    def __call__(self, profile, train: bool = False):
        layer_cls = nn.remat(SnowpackLayer, static_argnums=(2,))
        x = profile
        for i in range(self.depth):
            x = layer_cls(self.width, name=f"layer_{i}")(x, train)
        return nn.Dense(5)(x)  # danger levels 1..5


class HazardForecaster:
    def __init__(self, net: StabilityNet, variables):
        self._score = functools.partial(net.apply, variables, train=False)

    def run(self, hourly_profiles):
        def body(peak, profile):
            logits = self._score(profile)
            danger = jax.nn.softmax(logits).mean(axis=0)
            return jnp.maximum(peak, danger), danger

        return lax.scan(body, jnp.zeros((5,)), hourly_profiles)


def main():
    net = StabilityNet()
    profiles = jax.random.normal(jax.random.key(11), (12, 6, 7))
    variables = net.init(jax.random.key(0), profiles[0], train=False)
    forecaster = HazardForecaster(net, variables)
    peak, hourly = forecaster.run(profiles)
    jax.block_until_ready((peak, hourly))
    return None
