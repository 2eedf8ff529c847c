# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body looks up an nnx.jit step in a decorator registry and passes it the runner's PitotArray module, captured in a local
from typing import Callable, Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

STEP_REGISTRY: Dict[str, Callable] = {}


def register_step(name: str):
    def decorate(fn):
        STEP_REGISTRY[name] = fn
        return fn

    return decorate


class PitotArray(nnx.Module):
    def __init__(self, ports: int, *, rngs: nnx.Rngs):
        self.calibration = nnx.Linear(ports, ports, rngs=rngs)
        self.head = nnx.Linear(ports, 1, rngs=rngs)

    def __call__(self, pressures):
        return self.head(nnx.gelu(self.calibration(pressures)))[..., 0]


@register_step("dynamic_pressure")
@nnx.jit
def dynamic_pressure_step(probe: PitotArray, pressures):
    return probe(pressures)


class SweepRunner:
    def __init__(self, probe: PitotArray, step_name: str):
        self.probe = probe
        self.step_name = step_name

    @classmethod
    def from_config(cls, cfg):
        return cls(PitotArray(cfg["ports"], rngs=nnx.Rngs(cfg["seed"])), cfg["step"])

    def sweep(self, pressures):
        step_fn = STEP_REGISTRY[self.step_name]
        probe = self.probe

        def angle(carry, p):
            q = step_fn(probe, p)
            return carry + q.mean(), q

        return lax.scan(angle, jnp.float32(0.0), pressures)


def main():
    runner = SweepRunner.from_config({"ports": 4, "seed": 13, "step": "dynamic_pressure"})
    pressures = jnp.linspace(0.0, 1.0, 5 * 2 * 4).reshape(5, 2, 4)
    total, q = runner.sweep(pressures)
    jax.block_until_ready((total, q))
    return None
