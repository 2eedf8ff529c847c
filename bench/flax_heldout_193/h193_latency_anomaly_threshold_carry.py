# label: ok
# flax-error: none
# class: 1 RollingThresholdDetector.__call__ runs the scan itself; its "threshold" variables go through the carry and are written once after the loop
"""API latency anomaly detector: a learned scorer over per-minute latency features, flagged
against a rolling threshold (exponential mean and variance of the score) kept as Flax state so
the serving job can resume it from the last window."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RollingThresholdDetector(nn.Module):
    decay: float = 0.9
    num_sigmas: float = 3.0

    @nn.compact
    def __call__(self, windows):
        scorer = nn.Dense(1, name="scorer")
        mean = self.variable("threshold", "mean", lambda: jnp.zeros(()))
        var = self.variable("threshold", "var", lambda: jnp.ones(()))
        scorer(windows[0])  # create the scorer's params outside the loop

        def step(stats, features):
            running_mean, running_var = stats
            score = scorer(features)[0]
            flagged = score > running_mean + self.num_sigmas * jnp.sqrt(running_var)
            delta = score - running_mean
            running_mean = running_mean + (1.0 - self.decay) * delta
            running_var = self.decay * (running_var + (1.0 - self.decay) * delta ** 2)
            return (running_mean, running_var), flagged

        (mean.value, var.value), flags = lax.scan(step, (mean.value, var.value), windows)
        return flags


class LatencyMonitor:
    def __init__(self, detector, variables):
        self.detector = detector
        self.variables = variables

    def process(self, windows):
        flags, updates = self.detector.apply(self.variables, windows, mutable=["threshold"])
        self.variables = {**self.variables, **updates}
        return flags


def main():
    windows = jax.random.gamma(jax.random.key(3), 2.0, (30, 6))
    detector = RollingThresholdDetector()
    variables = detector.init(jax.random.key(0), windows[:2])
    monitor = LatencyMonitor(detector, variables)
    flags = monitor.process(windows)
    print("flagged minutes:", int(flags.sum()),
          "threshold mean:", float(monitor.variables["threshold"]["mean"]))
    return None
