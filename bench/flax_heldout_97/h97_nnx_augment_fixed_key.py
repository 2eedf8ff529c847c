# label: same-values
# flax-error: none
# class: 2 pipeline passes one fixed key as rngs= to the NNX Dropout masker inside every scan step
"""Yield forecaster data pipeline (NNX): a dropout-style sensor-masking augmenter applied per day."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class SensorMasker(nnx.Module):
    def __init__(self, n_sensors, rate, rngs):
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.n_sensors = n_sensors

    def __call__(self, key=None):
        return self.drop(jnp.ones((self.n_sensors,)), rngs=key)


def daily_masks(masker, n_days, augment_key):
    def day(carry, _):
        mask = masker(key=augment_key)
        return carry, mask

    _, masks = lax.scan(day, None, None, length=n_days)
    return masks


def main():
    masker = SensorMasker(6, 0.5, nnx.Rngs(dropout=11))
    return daily_masks(masker, 5, jax.random.key(11))
