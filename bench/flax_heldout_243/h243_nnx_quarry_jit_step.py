# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the scan body submits a step name to LineExecutor, which looks up an nnx.jit function in a decorator registry and calls it on the CrusherModel captured from simulate_shift
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx

STEPS: dict[str, Callable] = {}


def line_step(name: str):
    def register(fn):
        STEPS[name] = fn
        return fn

    return register


class CrusherModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs, feed_dim: int = 4):
        self.gap = nnx.Linear(feed_dim, 8, rngs=rngs)
        self.load = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, ore):
        return nnx.softplus(self.load(nnx.gelu(self.gap(ore))))[..., 0]


@line_step("crusher_load")
@nnx.jit
def crusher_load(model: CrusherModel, ore):
    return jnp.mean(model(ore))


@dataclass
class Ticket:
    fn: Callable
    args: tuple

    def result(self):
        return self.fn(*self.args)


class LineExecutor:
    def __init__(self, registry: dict[str, Callable]):
        self.registry = registry

    def submit(self, name: str, *args) -> Ticket:
        return Ticket(self.registry[name], args)


def simulate_shift(executor: LineExecutor, model: CrusherModel, ore_batches):
    def feed(total, ore):
        load = executor.submit("crusher_load", model, ore).result()
        return total + load, load

    return jax.lax.scan(feed, jnp.float32(0.0), ore_batches)


def haul_truck_loads(trucks: int = 4, batch: int = 3):
    size = jnp.linspace(0.1, 1.2, trucks * batch * 4, dtype=jnp.float32)
    return size.reshape(trucks, batch, 4)


def main():
    model = CrusherModel(nnx.Rngs(14))
    total, loads = simulate_shift(LineExecutor(STEPS), model, haul_truck_loads())
    jax.block_until_ready((total, loads))
    return None
