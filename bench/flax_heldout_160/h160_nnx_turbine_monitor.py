# label: trace-context
# flax-error: TraceContextError: Cannot mutate AlarmCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 TurbineMonitor.sweep runs the while_loop itself and increments its own AlarmCount variable (an nnx.Variable subclass) inside the body
"""Wind-turbine vibration monitor sweeping sensor frames until a trip condition.

The monitor scores each vibration frame with a small network and keeps a running count of
alarms in a custom Variable type so that checkpoints and dashboards can filter for it with
nnx.state(monitor, AlarmCount). A sweep walks frames until too many alarms fire.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class AlarmCount(nnx.Variable):
    """Alarms raised since the last maintenance reset."""


class TurbineMonitor(nnx.Module):
    def __init__(self, channels: int, rngs: nnx.Rngs, trip_after: int = 3):
        self.scorer = nnx.Linear(channels, 1, rngs=rngs)
        self.alarms = AlarmCount(jnp.zeros((), jnp.int32))
        self.trip_after = trip_after

    def sweep(self, frames, threshold: float = 0.0):
        n = frames.shape[0]

        def cond(state):
            i, fired = state
            return (i < n) & (fired < self.trip_after)

        def body(state):
            i, fired = state
            score = self.scorer(frames[i]).squeeze()
            alarm = (score > threshold).astype(jnp.int32)
            self.alarms[...] += alarm
            return i + 1, fired + alarm

        return jax.lax.while_loop(cond, body, (0, jnp.zeros((), jnp.int32)))


def main():
    monitor = TurbineMonitor(6, nnx.Rngs(0))
    monitor.sweep(jax.random.normal(jax.random.key(4), (10, 6)))
    counts = nnx.state(monitor, AlarmCount)
    print("alarms", jax.tree.leaves(counts))
    return None
