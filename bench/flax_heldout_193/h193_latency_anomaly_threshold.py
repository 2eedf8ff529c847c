# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 RollingThresholdDetector.__call__ runs the scan itself and writes its own "threshold" variables inside the body
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

        def step(_, features):
            score = scorer(features)[0]
            flagged = score > mean.value + self.num_sigmas * jnp.sqrt(var.value)
            delta = score - mean.value
            mean.value = mean.value + (1.0 - self.decay) * delta
            var.value = self.decay * (var.value + (1.0 - self.decay) * delta ** 2)
            return None, flagged

        _, flags = lax.scan(step, None, windows)
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
