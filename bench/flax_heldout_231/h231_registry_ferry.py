# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "crossings" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a step built by the @register_step("crossing") registry calls model.apply(variables, method=FerryLoadModel.log_crossing), which writes "counters", inside the scan body
"""Vehicle-deck load forecasting for a car ferry route.

Step builders are looked up in a decorator registry by the route scheduler; the crossing step asks
the load model for the deck fill of each leg and logs the crossing in the model's counters.
"""
from dataclasses import dataclass
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax

STEP_BUILDERS: Dict[str, Callable] = {}


def register_step(name: str):
    def decorator(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return decorator


@dataclass(frozen=True)
class RouteConfig:
    lanes: int = 5
    legs: int = 8
    step: str = "crossing"


class FerryLoadModel(nn.Module):
    lanes: int

    def setup(self):
        self.deck = nn.Dense(self.lanes)
        self.crossings = self.variable("counters", "crossings", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, bookings):
        return nn.sigmoid(self.deck(bookings))

    def log_crossing(self, bookings):
        fill = self(bookings)
        self.crossings.value = self.crossings.value + 1
        return fill


@register_step("crossing")
def build_crossing_step(model: FerryLoadModel, variables):
    def step(backlog, bookings):
        fill = model.apply(variables, bookings, method=FerryLoadModel.log_crossing)
        return jnp.maximum(backlog + bookings.sum() - fill.sum(), 0.0), fill

    return step


def run_route(cfg: RouteConfig, model, variables, bookings):
    step = STEP_BUILDERS[cfg.step](model, variables)
    return lax.scan(step, jnp.zeros(()), bookings)


def main():
    cfg = RouteConfig()
    model = FerryLoadModel(cfg.lanes)
    bookings = jax.random.uniform(jax.random.key(12), (cfg.legs, 3))
    variables = model.init(jax.random.key(0), bookings[0], method=FerryLoadModel.log_crossing)
    backlog, fills = run_route(cfg, model, variables, bookings)
    jax.block_until_ready((backlog, fills))
    return None
