# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gauge_offset" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a step function looked up in a decorator registry by the LockController applies ctx.model with ctx.variables (gauge calibration on) in the fori_loop body
"""Canal lock operations: filling a lock chamber step by step, with a learned inflow
model whose gauge calibration is refreshed while the chamber fills."""
import dataclasses
from typing import Any, Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop

STEP_REGISTRY: Dict[str, Callable] = {}


def register_step(name):
    def wrap(fn):
        STEP_REGISTRY[name] = fn
        return fn
    return wrap


class InflowModel(nn.Module):
    @nn.compact
    def __call__(self, level, calibrate: bool = False):
        offset = self.variable("calibration", "gauge_offset", lambda: jnp.zeros(()))
        if calibrate:
            offset.value = 0.9 * offset.value + 0.1 * (level - 2.0)
        h = nn.tanh(nn.Dense(4, name="sluice")(jnp.stack([level - offset.value, level ** 0.5])))
        return nn.softplus(nn.Dense(1, name="flow")(h))[0]


@dataclasses.dataclass(frozen=True)
class StepContext:
    model: InflowModel
    variables: Any
    calibrate: bool
    dt: float = 0.5


@register_step("fill")
def fill_step(ctx: StepContext, level):
    flow = ctx.model.apply(ctx.variables, level, calibrate=ctx.calibrate)
    return level + ctx.dt * flow


class LockController:
    def __init__(self, ctx: StepContext, mode: str):
        self.ctx = ctx
        self.step = STEP_REGISTRY[mode]

    def operate(self, level, steps):
        return fori_loop(0, steps, lambda i, lv: self.step(self.ctx, lv), level)


def main():
    model = InflowModel()
    variables = model.init(jax.random.key(0), jnp.array(1.0))
    ctx = StepContext(model, variables, calibrate=True)
    LockController(ctx, "fill").operate(jnp.array(1.0), 12)
    return None
