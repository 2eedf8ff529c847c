# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 make_ramp_step(model, seed) is a factory whose step function initialises the variables lazily on its first call, inside the scan body, and caches them for the controller's report
"""Ceramic kiln firing: a controller follows a temperature ramp schedule; a small model
predicts the next temperature change from the current temperature and the set point."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class KilnSpec:
    max_step: float = 40.0
    hidden: int = 12


class RampModel(nn.Module):
    spec: KilnSpec

    @nn.compact
    def __call__(self, temp, setpoint):
        x = jnp.stack([temp / 1000.0, setpoint / 1000.0, (setpoint - temp) / 100.0], -1)
        h = nn.tanh(nn.Dense(self.spec.hidden)(x))
        return self.spec.max_step * nn.tanh(nn.Dense(1)(h))[..., 0]


def make_ramp_step(model, seed):
    cache = {}

    def step(temp, setpoint):
        if "variables" not in cache:
            cache["variables"] = model.init(jax.random.key(seed), temp[None], setpoint[None])
        delta = model.apply(cache["variables"], temp[None], setpoint[None])[0]
        return temp + delta, temp

    step.cache = cache
    return step


class KilnController:
    def __init__(self, spec, seed=0):
        self.model = RampModel(spec)
        self.step = make_ramp_step(self.model, seed)

    def fire(self, schedule):
        final, trace = scan(self.step, jnp.asarray(20.0), schedule)
        return final, trace

    def report(self, probe_temps):
        variables = self.step.cache["variables"]
        return self.model.apply(variables, probe_temps, probe_temps + 50.0)


def main():
    controller = KilnController(KilnSpec())
    schedule = jnp.linspace(100.0, 1200.0, 16)
    controller.fire(schedule)
    controller.report(jnp.array([300.0, 900.0, 1200.0]))
    return None
