# label: trace-context
# flax-error: TraceContextError: Cannot mutate LumenDrift from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 LampMonitor.track runs the scan itself and assigns its own LumenDrift (an nnx.Variable subclass) inside the body
"""Lighthouse lamp maintenance: track lumen depreciation across nightly photometer logs.

The monitor keeps its running drift estimate in a custom Variable type so that it can be
filtered out of the trainable parameters, and updates it night by night.
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
        def night(prev, log):
            out = self.nightly_output(log)
            self.drift[...] = self.decay * self.drift[...] + (1 - self.decay) * (prev - out)
            return out, self.drift[...]

        _, history = scan(night, self.nightly_output(logs[0]), logs)
        return history


def main():
    logs = jax.random.normal(jax.random.key(12), (9, 24, 5))  # 9 nights, 24 readings, 5 photometers
    monitor = LampMonitor(5, nnx.Rngs(0))
    history = monitor.track(logs)
    params = nnx.state(monitor, nnx.Param)
    print(float(history[-1]), float(monitor.drift[...]), len(jax.tree.leaves(params)))
    return None
