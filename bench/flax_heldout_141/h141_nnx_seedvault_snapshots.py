# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a HumidityMonitor hands nnx.state(model, nnx.BatchStat) from inside the scan body to its Checkpointer; after the loop the monitor restores the latest snapshot with nnx.update and calls the model
"""Seed-vault humidity monitor: replays a week of chamber sensor readings through a drift model,
checkpointing the model's normalisation statistics as it goes so an operator can roll back to a
recent snapshot."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DriftModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(3, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, readings):
        return self.head(self.norm(readings))[..., 0]


class Checkpointer:
    def __init__(self, keep: int = 3):
        self.keep = keep
        self.snapshots = []

    def save(self, state):
        self.snapshots = (self.snapshots + [state])[-self.keep:]

    def latest(self):
        return self.snapshots[-1]


class HumidityMonitor:
    def __init__(self, model: DriftModel, checkpointer: Checkpointer):
        self.model = model
        self.checkpointer = checkpointer

    def replay(self, week):
        graphdef, state = nnx.split(self.model)

        def day(state, readings):
            model = nnx.merge(graphdef, state)
            drift = model(readings)
            self.checkpointer.save(nnx.state(model, nnx.BatchStat))
            return nnx.state(model), drift.mean()

        state, drift = lax.scan(day, state, week)
        nnx.update(self.model, state)
        return drift

    def rollback_and_check(self, readings):
        nnx.update(self.model, self.checkpointer.latest())
        self.model.eval()
        return self.model(readings)


def main():
    week = jax.random.normal(jax.random.key(0), (7, 24, 3))  # days x hourly readings x sensors
    monitor = HumidityMonitor(DriftModel(nnx.Rngs(0)), Checkpointer())
    monitor.replay(week)
    print(monitor.rollback_and_check(week[-1]).mean())
    return None
