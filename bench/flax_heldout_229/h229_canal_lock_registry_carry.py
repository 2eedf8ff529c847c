# label: ok
# flax-error: none
# class: 4 a step function looked up in a decorator registry by the LockController applies ctx.model in the fori_loop body, the calibration collection travelling in the carry
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
def fill_step(ctx: StepContext, carry):
    level, calibration = carry
    flow, updates = ctx.model.apply({"params": ctx.variables["params"], "calibration": calibration},
                                    level, calibrate=ctx.calibrate, mutable=["calibration"])
    return level + ctx.dt * flow, updates["calibration"]


class LockController:
    def __init__(self, ctx: StepContext, mode: str):
        self.ctx = ctx
        self.step = STEP_REGISTRY[mode]

    def operate(self, level, steps):
        carry = (level, self.ctx.variables["calibration"])
        level, calibration = fori_loop(0, steps, lambda i, c: self.step(self.ctx, c), carry)
        self.ctx = dataclasses.replace(
            self.ctx, variables={"params": self.ctx.variables["params"], "calibration": calibration})
        return level


def main():
    model = InflowModel()
    variables = model.init(jax.random.key(0), jnp.array(1.0))
    ctx = StepContext(model, variables, calibrate=True)
    LockController(ctx, "fill").operate(jnp.array(1.0), 12)
    return None
