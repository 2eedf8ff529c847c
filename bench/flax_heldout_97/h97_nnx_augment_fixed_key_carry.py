# label: ok
# flax-error: none
# class: 2 split NNX masker state (its own dropout stream) goes through the scan carry; the body returns nnx.state of the merged module
"""Yield forecaster data pipeline (NNX): a dropout-style sensor-masking augmenter applied per day."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SensorMasker(nnx.Module):
    def __init__(self, n_sensors, rate, rngs):
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.n_sensors = n_sensors

    def __call__(self):
        return self.drop(jnp.ones((self.n_sensors,)))


def daily_masks(masker, n_days):
    graphdef, state = nnx.split(masker)

    def day(state, _):
        m = nnx.merge(graphdef, state)
        mask = m()
        return nnx.state(m), mask

    state, masks = lax.scan(day, state, None, length=n_days)
    nnx.update(masker, state)
    return masks


def main():
    masker = SensorMasker(6, 0.5, nnx.Rngs(dropout=11))
    return daily_masks(masker, 5)
