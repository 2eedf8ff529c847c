# label: ok
# flax-error: none
# class: 3 the fori_loop body in GustNormalizer.sweep applies the service attributes self.model and self.variables with train=self.settings.train, in a validation sweep (train=False)
"""Gust-profile normalizer for the wind-tunnel lab's validation sweeps."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as ln
from jax import lax


@dataclass(frozen=True)
class SweepSettings:
    train: bool = False
    fan_levels: int = 5
    anemometers: int = 4
    seed: int = 11


class GustProfile(ln.Module):
    @ln.compact
    def __call__(self, gusts, train: bool):
        h = ln.Dense(10)(gusts)
        h = ln.BatchNorm(use_running_average=not train, momentum=0.8, name="gust_bn")(h)
        return ln.Dense(1)(ln.swish(h)).mean()


class GustNormalizer:
    def __init__(self, settings: SweepSettings):
        self.settings = settings
        self.model = GustProfile()
        self.variables = None

    @property
    def ready(self) -> bool:
        return self.variables is not None

    def calibrate(self, sample):
        self.variables = self.model.init(jax.random.key(self.settings.seed), sample, train=False)

    def sweep(self, gusts_by_level):
        assert self.ready

        def level(i, drag):
            response = self.model.apply(self.variables, gusts_by_level[i], train=self.settings.train)
            return drag.at[i].set(response)

        return lax.fori_loop(0, gusts_by_level.shape[0], level, jnp.zeros(gusts_by_level.shape[0]))


def fan_sweep(settings: SweepSettings):
    levels = jnp.arange(1, settings.fan_levels + 1, dtype=jnp.float32)[:, None, None]
    base = jnp.linspace(0.5, 1.5, 3 * settings.anemometers).reshape(3, settings.anemometers)
    return levels * base


def main():
    settings = SweepSettings(train=False)
    gusts = fan_sweep(settings)
    validator = GustNormalizer(settings)
    validator.calibrate(gusts[0])
    drag = validator.sweep(gusts)
    jax.block_until_ready(drag)
    return None
