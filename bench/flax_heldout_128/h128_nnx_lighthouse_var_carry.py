# label: ok
# flax-error: none
# class: 1 LampMonitor.track runs the scan itself; the LumenDrift value enters and leaves the scan in the carry and is assigned once after it
"""Lighthouse lamp maintenance: track lumen depreciation across nightly photometer logs.

The monitor keeps its running drift estimate in a custom Variable type; the scan carries
the drift value and the Variable is assigned once the logs are processed.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class LumenDrift(nnx.Variable):
    """Running estimate of lamp output loss; not trained, only tracked."""


class LampMonitor(nnx.Module):
    def __init__(self, n_sensors, rngs: nnx.Rngs, decay=0.8):
        self.calib = nnx.Linear(n_sensors, 1, rngs=rngs)
        self.drift = LumenDrift(jnp.zeros(()))
        self.decay = decay

    def nightly_output(self, log):
        return self.calib(log)[..., 0].mean()

    def track(self, logs):
        def night(carry, log):
            prev, drift = carry
            out = self.nightly_output(log)
            drift = self.decay * drift + (1 - self.decay) * (prev - out)
            return (out, drift), drift

        init = (self.nightly_output(logs[0]), self.drift[...])
        (_, drift), history = scan(night, init, logs)
        self.drift[...] = drift
        return history


def main():
    logs = jax.random.normal(jax.random.key(12), (9, 24, 5))  # 9 nights, 24 readings, 5 photometers
    monitor = LampMonitor(5, nnx.Rngs(0))
    history = monitor.track(logs)
    params = nnx.state(monitor, nnx.Param)
    print(float(history[-1]), float(monitor.drift[...]), len(jax.tree.leaves(params)))
    return None
