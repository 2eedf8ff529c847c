# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body is jax.checkpoint(step) built by a step factory; step applies the kiln model with a mutable kiln_log collection and appends it to a registry list
"""Kiln firing schedule for bell moulds: each firing phase logs the mould core temperature."""
from typing import Callable, List

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class MouldCore(nn.Module):
    @nn.compact
    def __call__(self, heat):
        core = nn.Dense(2, name="loam")(heat)
        self.sow("kiln_log", "core_temp", core.mean())
        return nn.tanh(core)


class KilnLogRegistry:
    def __init__(self):
        self.entries: List = []

    def record(self, log):
        self.entries.append(log)

    def summary(self):
        temps = [entry["core_temp"][0] for entry in self.entries]
        return jnp.stack(temps).max()


def make_firing_step(model: MouldCore, variables, registry: KilnLogRegistry) -> Callable:
    def step(carry, heat):
        out, state = model.apply(variables, heat, mutable=["kiln_log"])
        registry.record(state["kiln_log"])
        return carry + out.sum(), out

    return jax.checkpoint(step)


class KilnSchedule:
    def __init__(self, phases: int = 4):
        self.phases = phases

    def heats(self):
        return jnp.linspace(300.0, 900.0, self.phases * 3).reshape(self.phases, 3) / 1000.0


def main():
    model = MouldCore()
    schedule = KilnSchedule()
    heats = schedule.heats()
    variables = model.init(jax.random.key(21), heats[0])
    registry = KilnLogRegistry()
    step = make_firing_step(model, {"params": variables["params"]}, registry)
    total, outs = scan(step, jnp.zeros(()), heats)
    peak = registry.summary()
    jax.block_until_ready((total, outs, peak))
    return None
