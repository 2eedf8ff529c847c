# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator registry builds the heater step through a factory; the jax.checkpoint-wrapped step calls a bound module that updates its "integrator" collection inside the while_loop body
"""Tram switch heating: controllers are registered by name and built by factories. The heater
controller warms the switch blade until it is above the frost threshold, then the depot tool
persists the controller's integrator state for the next cold night."""
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import linen as nn

CONTROLLERS: Dict[str, Callable] = {}


def register_controller(name: str):
    def decorator(factory):
        CONTROLLERS[name] = factory
        return factory
    return decorator


class PIHeater(nn.Module):
    gain: float = 0.4

    @nn.compact
    def __call__(self, error):
        integral = self.variable("integrator", "sum", lambda: jnp.zeros(()))
        integral.value = integral.value + error
        drive = nn.Dense(1)(jnp.stack([error, integral.value]))[0]
        return self.gain * nn.softplus(drive)


@register_controller("heater")
def make_heater_step(bound_heater, target: float):
    @jax.checkpoint
    def step(state):
        temperature, minutes = state
        power = bound_heater(target - temperature)
        return temperature + power - 0.05, minutes + 1
    return step


class DepotTool:
    def __init__(self, model, variables, target=2.0):
        self.heater = model.bind(variables, mutable=["integrator"])
        self.target = target

    def warm(self, temperature):
        step = CONTROLLERS["heater"](self.heater, self.target)
        keep_going = lambda s: jnp.logical_and(s[0] < self.target, s[1] < 50)
        return jax.lax.while_loop(keep_going, step, (temperature, jnp.zeros((), jnp.int32)))

    def persist(self):
        state = self.heater.variables["integrator"]
        return jax.tree.map(lambda v: jnp.round(v, 3), dict(state))


def main():
    model = PIHeater()
    variables = model.init(jax.random.key(0), jnp.zeros(()))
    tool = DepotTool(model, variables)
    tool.warm(jnp.asarray(-3.0))
    tool.persist()
    return None
