# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 monitor -> InstrumentedModel wrapper forwarding __call__ -> inner model whose BatchNorm (train mode) runs in the while_loop body
"""Brood-nest temperature monitor: scans sensor frames until an overheating alarm trips."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class BroodTempModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin = nnx.Linear(4, 8, rngs=rngs)
        self.norm = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, frame):
        return self.head(nnx.relu(self.norm(self.lin(frame))))[..., 0]


class InstrumentedModel(nnx.Module):
    """Wraps a model so the service can add tracing later; forwards every call."""

    def __init__(self, inner):
        self.inner = inner

    def __call__(self, *args, **kwargs):
        return self.inner(*args, **kwargs)


class HiveMonitor:
    def __init__(self, model, threshold=2.0):
        self.model = InstrumentedModel(model)
        self.threshold = threshold

    def first_alarm(self, frames):
        def cond(state):
            i, alarm = state
            return (i < frames.shape[0]) & ~alarm

        def body(state):
            i, _ = state
            temps = self.model(frames[i])
            return i + 1, jnp.any(temps > self.threshold)

        return while_loop(cond, body, (0, jnp.array(False)))


def main():
    frames = jax.random.normal(jax.random.key(21), (6, 5, 4))  # minutes x hives x sensors
    monitor = HiveMonitor(BroodTempModel(nnx.Rngs(0)))
    steps, alarm = monitor.first_alarm(frames)
    print(int(steps), bool(alarm))
