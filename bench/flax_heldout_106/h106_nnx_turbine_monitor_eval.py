# label: ok
# flax-error: none
# class: 1 the monitor's own scan_until_alarm method runs lax.while_loop and calls its BatchNorm-normalised encoder on self in the body (eval: monitor.eval() before, statistics only read)
"""Wind farm SCADA: walk vibration windows until a turbine's anomaly score crosses the alarm line."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class FaultMonitor(nnx.Module):
    def __init__(self, sensors: int, hidden: int, alarm: float, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(sensors, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.score = nnx.Linear(hidden, 1, rngs=rngs)
        self.alarm = alarm

    def __call__(self, window):
        h = self.norm(nnx.relu(self.encode(window)))
        return nnx.sigmoid(self.score(h)).max()

    def scan_until_alarm(self, windows):
        def keep_going(state):
            i, score = state
            return (i < windows.shape[0]) & (score < self.alarm)

        def next_window(state):
            i, _ = state
            return i + 1, self(windows[i])

        return lax.while_loop(keep_going, next_window, (jnp.array(0), jnp.array(0.0)))


class TurbineFleet:
    def __init__(self, monitor: FaultMonitor):
        self.monitor = monitor

    def triage(self, windows):
        self.monitor.eval()
        idx, score = self.monitor.scan_until_alarm(windows)
        return {"windows_read": idx, "score": score}


def main():
    monitor = FaultMonitor(sensors=6, hidden=12, alarm=0.95, rngs=nnx.Rngs(0))
    windows = jax.random.normal(jax.random.key(3), (15, 32, 6))
    print(TurbineFleet(monitor).triage(windows))
