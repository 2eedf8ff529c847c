# label: ok
# flax-error: none
# class: 4 LiftOperations runs the model in the scan body and returns the wait estimates as ys; the hooks registered under "step_end" in its callbacks dict are fired after the loop
"""Ski lift operations: per-minute queue simulation at a chairlift with a learned wait-time model.

The wait estimates leave the scan as ys; the step hooks see concrete values after the loop.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class WaitTimeModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.load = nnx.Linear(4, 8, rngs=rngs)
        self.minutes = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, arrivals):
        return nnx.softplus(self.minutes(nnx.relu(self.load(arrivals))))[..., 0]


class WaitTimeLogger:
    def __init__(self):
        self.history = []
        self.peak = None

    def on_step_end(self, wait):
        self.history.append(jnp.mean(wait))

    def on_run_end(self):
        self.peak = jnp.max(jnp.stack(self.history))


class LiftOperations:
    def __init__(self, model):
        self.model = model
        self.callbacks = {"step_end": [], "run_end": []}

    def on(self, event, fn):
        self.callbacks[event].append(fn)

    def _emit(self, event, *args):
        for fn in self.callbacks[event]:
            fn(*args)

    def simulate(self, arrivals):
        def minute(queue, batch):
            wait = self.model(batch)
            queue = jnp.maximum(queue + batch[:, 0].sum() - 4.0, 0.0)
            return queue, wait

        queue, waits = lax.scan(minute, jnp.zeros(()), arrivals)
        for wait in waits:
            self._emit("step_end", wait)
        self._emit("run_end")
        return queue


def main():
    arrivals = jax.random.uniform(jax.random.key(0), (15, 3, 4))  # minutes, mazes, features
    ops = LiftOperations(WaitTimeModel(nnx.Rngs(0)))
    logger = WaitTimeLogger()
    ops.on("step_end", logger.on_step_end)
    ops.on("run_end", logger.on_run_end)
    queue = ops.simulate(arrivals)
    jax.block_until_ready((queue, logger.peak))
    return None
