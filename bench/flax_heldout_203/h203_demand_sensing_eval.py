# label: ok
# flax-error: none
# class: 5 a step function built by make_refresh_step from functools.partial(model.apply, variables, train=False) kept on the DemandSensor (eval mode)
"""Supply-chain demand sensing: refresh a short-horizon demand signal from point-of-sale
features every replenishment tick, with a normalising encoder."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class DemandEncoder(nn.Module):
    features: int = 12

    @nn.compact
    def __call__(self, pos, train: bool = False):
        h = nn.Dense(self.features)(pos)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h)).squeeze(-1)


def make_refresh_step(encode, pos_by_tick, blend):
    def refresh(tick, signal):
        sensed = encode(pos_by_tick[tick])
        return (1.0 - blend) * signal + blend * sensed

    return refresh


class DemandSensor:
    def __init__(self, model, variables, blend=0.3):
        self.encode = functools.partial(model.apply, variables, train=False)
        self.blend = blend

    def sense(self, pos_by_tick):
        step = make_refresh_step(self.encode, pos_by_tick, self.blend)
        start = jnp.zeros(pos_by_tick.shape[1])
        return fori_loop(0, pos_by_tick.shape[0], step, start)


def main():
    ticks, skus, feats = 6, 10, 5
    pos = jax.random.normal(jax.random.key(7), (ticks, skus, feats))
    model = DemandEncoder()
    variables = model.init(jax.random.key(0), pos[0])
    sensor = DemandSensor(model, variables)
    signal = sensor.sense(pos)
    print("sensed demand", signal.shape)
    return None
