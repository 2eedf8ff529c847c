# label: ok
# flax-error: none
# class: 5 an evaluation hook registered on EvalRunner is handed the monitor's peak states that leave the scan body as ys, after the loop
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

    def __call__(self, peak_states):
        last = jax.tree.map(lambda history: history[-1], peak_states)
        self.snapshots.append(last)

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
            return nnx.state(m), (corrected.mean(), nnx.state(m, Peak))

        state, (means, peak_states) = lax.scan(inspect_container, state, readings)
        nnx.update(monitor, state)
        for hook in self.hooks:
            hook(peak_states)
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
