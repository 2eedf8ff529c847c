# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an evaluation hook registered on EvalRunner receives the monitor merged inside the scan body and keeps its peak state, which the runner restores after the loop
from typing import Callable, List

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Peak(nnx.Variable):
    pass


class ReeferMonitor(nnx.Module):
    def __init__(self, sensors: int, *, rngs: nnx.Rngs):
        self.drift = nnx.Linear(sensors, sensors, rngs=rngs)
        self.peak = Peak(jnp.full((sensors,), -jnp.inf))

    def __call__(self, reading):
        corrected = reading + 0.05 * self.drift(reading)
        self.peak[...] = jnp.maximum(self.peak[...], corrected)
        return corrected


class PeakKeeper:
    def __init__(self):
        self.snapshots: List = []

    def __call__(self, monitor: ReeferMonitor):
        self.snapshots.append(nnx.state(monitor, Peak))

    def restore(self, monitor: ReeferMonitor):
        nnx.update(monitor, self.snapshots[-1])


class EvalRunner:
    def __init__(self):
        self.hooks: List[Callable] = []

    def register(self, hook):
        self.hooks.append(hook)
        return hook

    def evaluate(self, monitor: ReeferMonitor, readings):
        graphdef, state = nnx.split(monitor)

        def inspect_container(state, reading):
            m = nnx.merge(graphdef, state)
            corrected = m(reading)
            for hook in self.hooks:
                hook(m)
            return nnx.state(m), corrected.mean()

        state, means = lax.scan(inspect_container, state, readings)
        nnx.update(monitor, state)
        return means


def main():
    monitor = ReeferMonitor(3, rngs=nnx.Rngs(0))
    runner = EvalRunner()
    keeper = runner.register(PeakKeeper())
    readings = jax.random.normal(jax.random.key(6), (5, 3)) - 18.0
    means = runner.evaluate(monitor, readings)
    keeper.restore(monitor)
    alarm = monitor.peak[...] > -17.0
    jax.block_until_ready((means, alarm, monitor(readings[0])))
    return None
