# label: ok
# flax-error: none
# class: 5 a task registered with a decorator closes over the detector and its params; the scheduler's fori_loop body calls every registered task and threads the telemetry collection through the carry
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


def build_tasks(detector, params):
    @task("denoise")
    def denoise(frame, state):
        return frame - jnp.mean(frame), state

    @task("detect_swarm")
    def detect_swarm(frame, state):
        level, telemetry = state
        prob, updates = detector.apply(
            {"params": params, "telemetry": telemetry}, frame, mutable=["telemetry"])
        return frame, (jnp.maximum(level, prob), updates["telemetry"])


class TickScheduler:
    def __init__(self, tasks):
        self.tasks = tasks

    def run(self, frames, telemetry):
        def tick(i, state):
            frame = frames[i]
            for name in ("denoise", "detect_swarm"):
                frame, state = self.tasks[name](frame, state)
            return state

        return fori_loop(0, frames.shape[0], tick, (jnp.zeros(()), telemetry))


def main():
    detector = SwarmDetector()
    frames = jax.random.normal(jax.random.key(0), (8, 32))
    variables = detector.init(jax.random.key(1), frames[0])
    build_tasks(detector, variables["params"])
    peak, telemetry = TickScheduler(TASKS).run(frames, {"alarms": jnp.zeros(())})
    nightly = {"peak": peak, "alarms": telemetry["alarms"] * 1}
    jax.block_until_ready(nightly)
    return None
