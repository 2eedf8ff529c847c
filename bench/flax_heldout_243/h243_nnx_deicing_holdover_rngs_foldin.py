# label: ok
# flax-error: none
# class: 2 holdover_trace() draws one key from an nnx.Rngs local before the while_loop; the body folds the minute index into it
from __future__ import annotations

from dataclasses import dataclass

import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


@dataclass(frozen=True)
class Conditions:
    oat_c: float
    rain_mm_h: float
    wind_kt: float

    def as_array(self):
        return jnp.array([self.oat_c / 10.0, self.rain_mm_h, self.wind_kt / 20.0], jnp.float32)


class FreezingRain(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.mix = nnx.Linear(3, 2, rngs=rngs)

    def __call__(self, conditions, noise):
        return nnx.softplus(self.mix(conditions) + noise)


def holdover_trace(model: FreezingRain, conditions, seed: int, horizon: int):
    rngs = nnx.Rngs(weather=seed)
    weather_key = rngs.weather()
    trace = jnp.zeros((horizon, 2), jnp.float32)

    def running(state):
        return state[0] < horizon

    def minute(state):
        t, trace = state
        noise = 0.3 * jax.random.normal(jax.random.fold_in(weather_key, t), (2,))
        return t + 1, trace.at[t].set(model(conditions, noise))

    _, trace = lax.while_loop(running, minute, (jnp.int32(0), trace))
    return trace


class HoldoverDesk:
    def __init__(self, seed: int = 9):
        self.model = FreezingRain(nnx.Rngs(seed))
        self.seed = seed

    def forecast(self, conditions: Conditions, horizon: int = 6):
        return holdover_trace(self.model, conditions.as_array(), self.seed + 1, horizon)


def main():
    desk = HoldoverDesk()
    return desk.forecast(Conditions(oat_c=-4.0, rain_mm_h=1.3, wind_kt=12.0))
