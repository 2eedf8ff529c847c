# label: ok
# flax-error: none
# class: 1 the filter module runs fori_loop itself with the peak amplitude in the carry and stores it after the loop when its collection is mutable
"""Recursive band filter with a running peak-ground-acceleration register for alert stations."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class BandFilter(nn.Module):
    channels: int = 3
    order: int = 2

    @nn.compact
    def __call__(self, trace):
        taps = self.param("taps", nn.initializers.normal(0.1), (self.order, self.channels))
        pga = self.variable("peaks", "pga", lambda: jnp.zeros((self.channels,)))

        def sample(t, carry):
            filtered, peak = carry
            past = jax.lax.dynamic_slice_in_dim(filtered, jnp.maximum(t - self.order, 0), self.order)
            value = trace[t] - jnp.sum(taps * past, axis=0)
            return filtered.at[t].set(value), jnp.maximum(peak, jnp.abs(value))

        filtered, peak = fori_loop(0, trace.shape[0], sample, (jnp.zeros_like(trace), pga.value))
        if self.is_mutable_collection("peaks") and not self.is_initializing():
            pga.value = peak
        return filtered


@dataclasses.dataclass
class AlertThresholds:
    watch: float = 0.8
    warn: float = 1.6


class AlertStation:
    def __init__(self, code: str, thresholds: AlertThresholds):
        self.code = code
        self.thresholds = thresholds
        self.filter = BandFilter()
        self.variables = self.filter.init(jax.random.key(9), jnp.zeros((16, 3)))

    def assess(self, trace):
        filtered = self.filter.apply(self.variables, trace)
        energy = jnp.sqrt(jnp.mean(filtered**2, axis=0))
        return jnp.where(energy > self.thresholds.warn, 2, jnp.where(energy > self.thresholds.watch, 1, 0))


def main():
    station = AlertStation("HVZ-2", AlertThresholds())
    trace = jnp.sin(jnp.linspace(0.0, 12.0, 16))[:, None] * jnp.array([1.0, 0.6, 2.1])
    levels = station.assess(trace)
    jax.block_until_ready(levels)
    return None
