# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a task registered with a decorator closes over a detector bound with a mutable telemetry collection; the scheduler's fori_loop body calls every registered task
"""Beehive acoustic monitor.

A tiny scheduler runs the registered tasks on every tick of audio frames; the swarm detector
counts alarm frames in a telemetry variable that the nightly report reads.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop

TASKS = {}


def task(name):
    def register(fn):
        TASKS[name] = fn
        return fn
    return register


class SwarmDetector(nn.Module):
    @nn.compact
    def __call__(self, frame):
        alarms = self.variable("telemetry", "alarms", jnp.zeros, ())
        prob = nn.sigmoid(nn.Dense(1)(frame)[0])
        alarms.value = alarms.value + (prob > 0.5)
        return prob


def build_tasks(detector, variables):
    bound = detector.bind(variables, mutable=["telemetry"])

    @task("denoise")
    def denoise(frame, level):
        return frame - jnp.mean(frame), level

    @task("detect_swarm")
    def detect_swarm(frame, level):
        return frame, jnp.maximum(level, bound(frame))

    return bound


class TickScheduler:
    def __init__(self, tasks):
        self.tasks = tasks

    def run(self, frames):
        def tick(i, level):
            frame = frames[i]
            for name in ("denoise", "detect_swarm"):
                frame, level = self.tasks[name](frame, level)
            return level

        return fori_loop(0, frames.shape[0], tick, jnp.zeros(()))


def main():
    detector = SwarmDetector()
    frames = jax.random.normal(jax.random.key(0), (8, 32))
    variables = detector.init(jax.random.key(1), frames[0])
    variables = {"params": variables["params"], "telemetry": {"alarms": jnp.zeros(())}}
    bound = build_tasks(detector, variables)
    peak = TickScheduler(TASKS).run(frames)
    nightly = {"peak": peak, "alarms": bound.variables["telemetry"]["alarms"] * 1}
    jax.block_until_ready(nightly)
    return None
