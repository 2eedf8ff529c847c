# label: same-values
# flax-error: none
# class: 4 the scan body in Recital.play reaches self.console.chest and passes the chest config's flutter_key to its Dropout at every bar; the recital runs as a job on an executor
from __future__ import annotations

from dataclasses import dataclass

import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


@dataclass(frozen=True)
class WindConfig:
    pallets: int = 5
    turbulence: float = 0.3
    seed: int = 7

    @property
    def flutter_key(self):
        return jax.random.key(self.seed)


class WindChest(nnx.Module):
    def __init__(self, config: WindConfig, rngs: nnx.Rngs):
        self.config = config
        self.flue = nnx.Linear(config.pallets, config.pallets, rngs=rngs)
        self.flutter = nnx.Dropout(config.turbulence)

    def speak(self, pressure, key):
        return self.flutter(jnp.tanh(self.flue(pressure)), rngs=key)


class Console:
    def __init__(self, chest: WindChest):
        self.chest = chest
        self.couplers = ("swell-to-great",)


class Recital:
    def __init__(self, console: Console, bars: int = 4):
        self.console = console
        self.bars = bars

    def play(self, pressure):
        def bar(carry, _):
            chest = self.console.chest
            return carry, chest.speak(pressure, chest.config.flutter_key)

        _, tones = scan(bar, jnp.float32(0.0), None, length=self.bars)
        return tones


class Programme:
    def __init__(self, fn, *args):
        self._fn, self._args = fn, args

    def result(self):
        return self._fn(*self._args)


class RecitalExecutor:
    def submit(self, fn, *args) -> Programme:
        return Programme(fn, *args)


def main():
    chest = WindChest(WindConfig(), nnx.Rngs(0))
    recital = Recital(Console(chest))
    pressure = jnp.linspace(0.4, 1.0, 5, dtype=jnp.float32)
    return RecitalExecutor().submit(recital.play, pressure).result()
