# label: ok
# flax-error: none
# class: 5 the running plate wear is threaded through the while_loop carry of the functools.partial body _one_pass, in a model picked from a registry by config name
"""Plate wear simulation for the printing presses; models are picked by name."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.lax import while_loop
from flax import linen as nn

MODELS = {}


def register(name):
    def decorate(cls):
        MODELS[name] = cls
        return cls

    return decorate


@dataclass(frozen=True)
class PressConfig:
    model: str = "offset"
    rollers: int = 3
    max_passes: int = 5
    seed: int = 2


@register("offset")
class OffsetPlate(nn.Module):
    rollers: int = 3
    max_passes: int = 5

    @nn.compact
    def __call__(self, sheets):
        pressure = self.param("pressure", nn.initializers.uniform(0.5), (self.rollers,))
        one_pass = functools.partial(self._one_pass, pressure=pressure, load=sheets.mean())

        def keep_going(state):
            n, ink, _ = state
            return (n < self.max_passes) & (ink.sum() > 0.05)

        start = (0, jnp.ones(self.rollers), jnp.zeros(self.rollers))
        _, ink, wear = while_loop(keep_going, one_pass, start)
        return ink, wear

    def _one_pass(self, state, *, pressure, load):
        n, ink, wear = state
        transferred = ink * jax.nn.sigmoid(pressure) * load
        return n + 1, ink - 0.3 * transferred, wear + transferred


@register("letterpress")
class Letterpress(nn.Module):
    rollers: int = 3
    max_passes: int = 5

    @nn.compact
    def __call__(self, sheets):
        ink = nn.sigmoid(nn.Dense(self.rollers)(sheets.mean(axis=0)))
        return ink, jnp.zeros_like(ink)


def build_model(cfg: PressConfig) -> nn.Module:
    return MODELS[cfg.model](rollers=cfg.rollers, max_passes=cfg.max_passes)


class PressRun:
    def __init__(self, cfg: PressConfig):
        self.cfg = cfg
        self.model = build_model(cfg)

    def start(self, sheets):
        self.variables = self.model.init(jax.random.key(self.cfg.seed), sheets)

    def print_job(self, sheets):
        return self.model.apply(self.variables, sheets)


def main():
    sheets = jnp.linspace(0.2, 0.9, 12, dtype=jnp.float32).reshape(4, 3)
    run = PressRun(PressConfig())
    run.start(sheets)
    ink, wear = run.print_job(sheets)
    jax.block_until_ready((ink, wear))
    return None
