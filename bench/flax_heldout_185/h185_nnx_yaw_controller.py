# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 control_horizon's parameter model goes straight into the fori_loop body, which passes it to the @nnx.jit-compiled predict_yaw
"""Receding-horizon yaw control for a wind-farm turbine; the yaw predictor is an nnx.jit function."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop

WIND = 4  # speed, direction sin/cos, turbulence intensity


class YawPredictor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(WIND + 1, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, wind, yaw):
        x = jnp.concatenate([wind, yaw[None]])
        return jnp.tanh(self.out(nnx.relu(self.hidden(x))))[0]


@nnx.jit
def predict_yaw(model: YawPredictor, wind, yaw):
    return model(wind, yaw)


@dataclasses.dataclass(frozen=True)
class ControlLimits:
    max_rate: float = 0.05  # rad per step


def control_horizon(model: YawPredictor, winds, limits: ControlLimits):
    def body(i, yaw):
        target = predict_yaw(model, winds[i], yaw)
        return yaw + jnp.clip(target - yaw, -limits.max_rate, limits.max_rate)

    return fori_loop(0, winds.shape[0], body, jnp.zeros(()))


def main():
    model = YawPredictor(rngs=nnx.Rngs(0))
    winds = jax.random.normal(jax.random.key(12), (10, WIND))
    float(control_horizon(model, winds, ControlLimits()))
    return None
