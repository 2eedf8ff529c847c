# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "plate_wear" in "/" because collection "press_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the plate_wear variable reaches the while_loop body as a functools.partial keyword of _one_pass, in a model picked from a registry by config name
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
        wear = self.variable("press_state", "plate_wear", jnp.zeros, (self.rollers,))
        pressure = self.param("pressure", nn.initializers.uniform(0.5), (self.rollers,))
        one_pass = functools.partial(self._one_pass, wear=wear, pressure=pressure, load=sheets.mean())

        def keep_going(state):
            n, ink = state
            return (n < self.max_passes) & (ink.sum() > 0.05)

        _, ink = while_loop(keep_going, one_pass, (0, jnp.ones(self.rollers)))
        return ink

    def _one_pass(self, state, *, wear, pressure, load):
        n, ink = state
        transferred = ink * jax.nn.sigmoid(pressure) * load
        if not self.is_initializing():
            wear.value = wear.value + transferred
        return n + 1, ink - 0.3 * transferred


@register("letterpress")
class Letterpress(nn.Module):
    rollers: int = 3
    max_passes: int = 5

    @nn.compact
    def __call__(self, sheets):
        return nn.sigmoid(nn.Dense(self.rollers)(sheets.mean(axis=0)))


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
    ink = run.print_job(sheets)
    jax.block_until_ready(ink)
    return None
