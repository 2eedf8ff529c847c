# label: ok
# flax-error: none
# class: 5 a registered factory returns a step function closing over the model and the nnx.Rngs; the factory draws one 'turbulence' key up front and the fori_loop body folds the hour into it
"""Tidal turbine array simulator: hourly power output of a turbine under sampled turbulence;
step functions are built by factories looked up in a decorator registry by config name."""
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop

_SAMPLERS: Dict[str, Callable] = {}


def register_sampler(name: str):
    def decorate(factory):
        _SAMPLERS[name] = factory
        return factory
    return decorate


@dataclasses.dataclass(frozen=True)
class ArrayConfig:
    sampler: str = "turbulent"
    hours: int = 12
    gust_scale: float = 0.3


class PowerCurve(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(2, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, flow_speed, turbulence):
        return nnx.softplus(self.out(nnx.tanh(self.hidden(jnp.stack([flow_speed, turbulence])))))[0]


@register_sampler("turbulent")
def make_turbulent_sampler(model: PowerCurve, rngs: nnx.Rngs, tide, config: ArrayConfig):
    base_key = rngs.turbulence()

    def step(hour, power):
        gust = config.gust_scale * jax.random.normal(jax.random.fold_in(base_key, hour), ())
        return power.at[hour].set(model(tide[hour], gust))
    return step


class TidalArraySimulator:
    def __init__(self, config: ArrayConfig, model: PowerCurve, rngs: nnx.Rngs):
        self.config, self.model, self.rngs = config, model, rngs

    def simulate(self, tide):
        step = _SAMPLERS[self.config.sampler](self.model, self.rngs, tide, self.config)
        return fori_loop(0, self.config.hours, step, jnp.zeros((self.config.hours,)))


def main():
    cfg = ArrayConfig()
    rngs = nnx.Rngs(params=0, turbulence=1)
    simulator = TidalArraySimulator(cfg, PowerCurve(rngs=rngs), rngs)
    tide = jnp.full((cfg.hours,), 2.5)  # slack-free spring tide, constant flow speed
    return simulator.simulate(tide)
