# label: trace-context
# flax-error: TraceContextError: Cannot mutate RollingThreshold from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 LeakMonitor.detector is an nnx.Module whose RollingThreshold variables (an nnx.Variable subclass) the scan body writes
"""Gas pipeline leak detection: an autoencoder reconstructs pressure/flow readings along a pipe
segment; a rolling threshold on the reconstruction error, kept on the detector as its own
Variable type so checkpoints carry it, decides when to page the control room."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class RollingThreshold(nnx.Variable):
    """Detector state that is neither a parameter nor a batch statistic."""


class LeakDetector(nnx.Module):
    def __init__(self, num_sensors: int, *, rngs: nnx.Rngs, decay: float = 0.95):
        self.encode = nnx.Linear(num_sensors, 4, rngs=rngs)
        self.decode = nnx.Linear(4, num_sensors, rngs=rngs)
        self.err_mean = RollingThreshold(jnp.array(0.0))
        self.err_var = RollingThreshold(jnp.array(1.0))
        self.decay = decay

    def reconstruction_error(self, reading):
        return jnp.mean((self.decode(nnx.tanh(self.encode(reading))) - reading) ** 2)


class LeakMonitor:
    def __init__(self, detector: LeakDetector, sigmas: float = 4.0):
        self.detector = detector
        self.sigmas = sigmas

    def run(self, readings):
        decay = self.detector.decay

        def step(_, reading):
            err = self.detector.reconstruction_error(reading)
            mean, var = self.detector.err_mean[...], self.detector.err_var[...]
            alarm = err > mean + self.sigmas * jnp.sqrt(var)
            self.detector.err_mean[...] = decay * mean + (1 - decay) * err
            self.detector.err_var[...] = decay * var + (1 - decay) * (err - mean) ** 2
            return None, alarm

        _, alarms = lax.scan(step, None, readings)
        return alarms


def main():
    readings = jax.random.normal(jax.random.key(0), (48, 12)) * 0.1 + 1.0
    monitor = LeakMonitor(LeakDetector(12, rngs=nnx.Rngs(3)))
    alarms = monitor.run(readings)
    print("alarms:", int(alarms.sum()), "threshold mean:", float(monitor.detector.err_mean[...]))
    return None
