# label: ok
# flax-error: none
# class: 3 LeakMonitor.detector is an nnx.Module; its RollingThreshold values (an nnx.Variable subclass) go through the scan carry and are written back after the loop
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

        def step(threshold, reading):
            mean, var = threshold
            err = self.detector.reconstruction_error(reading)
            alarm = err > mean + self.sigmas * jnp.sqrt(var)
            new_mean = decay * mean + (1 - decay) * err
            new_var = decay * var + (1 - decay) * (err - mean) ** 2
            return (new_mean, new_var), alarm

        start = (self.detector.err_mean[...], self.detector.err_var[...])
        (mean, var), alarms = lax.scan(step, start, readings)
        self.detector.err_mean[...] = mean
        self.detector.err_var[...] = var
        return alarms


def main():
    readings = jax.random.normal(jax.random.key(0), (48, 12)) * 0.1 + 1.0
    monitor = LeakMonitor(LeakDetector(12, rngs=nnx.Rngs(3)))
    alarms = monitor.run(readings)
    print("alarms:", int(alarms.sum()), "threshold mean:", float(monitor.detector.err_mean[...]))
    return None
